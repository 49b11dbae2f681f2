// Macro definitions and macro expansion for the built-in preprocessor (C17 §6.10.3).
//
// Expansion follows Prosser's hide-set algorithm: every token remembers the macros whose expansion
// produced it, and a macro name is not expanded again inside its own expansion. Supported: object-
// and function-like macros, `#` stringizing, `##` pasting (with placemarkers), `__VA_ARGS__`, GNU
// named variadic parameters (`args...`) and GNU `, ## __VA_ARGS__` comma deletion, `defined` in
// conditions, `_Pragma("...")` (dropped), `__FILE__`, `__LINE__`, `__COUNTER__`.
// Every token an expansion produces is placed at the position of the macro name that was expanded.

import { emptyHideSet, tokenizePreprocessing, type PreprocessingToken } from './preprocess-tokens.js';

export type MacroDefinition =
  | { readonly kind: 'object'; readonly name: string; readonly body: readonly PreprocessingToken[] }
  | {
      readonly kind: 'function';
      readonly name: string;
      /** the variadic parameter, if any, is the last one (`__VA_ARGS__` or its GNU name) */
      readonly parameters: readonly string[];
      readonly isVariadic: boolean;
      readonly body: readonly PreprocessingToken[];
    }
  | { readonly kind: 'builtin'; readonly name: '__FILE__' | '__LINE__' | '__COUNTER__' | '__has_include' };

export type DefinitionResult =
  | { readonly kind: 'ok'; readonly definition: MacroDefinition }
  | { readonly kind: 'error'; readonly token: PreprocessingToken | undefined; readonly message: string };

/** An error raised during expansion, at `token`. */
export class ExpansionError extends Error {
  constructor(
    readonly token: PreprocessingToken,
    message: string,
  ) {
    super(message);
  }
}

/** Parses the tokens after `#define` (the line, without the newline). */
export function parseDefinition(tokens: readonly PreprocessingToken[]): DefinitionResult {
  const nameToken = tokens[0];
  if (nameToken === undefined)
    return { kind: 'error', token: undefined, message: 'no macro name given in #define directive' };
  if (nameToken.kind !== 'identifier')
    return { kind: 'error', token: nameToken, message: 'macro names must be identifiers' };
  if (nameToken.text === 'defined')
    return { kind: 'error', token: nameToken, message: '"defined" cannot be used as a macro name' };
  const name = nameToken.text;
  const open = tokens[1];
  if (open === undefined || open.text !== '(' || open.leadingSpace || open.kind !== 'punctuator') {
    return { kind: 'ok', definition: { kind: 'object', name, body: tokens.slice(1) } };
  }
  const parameters: string[] = [];
  let isVariadic = false;
  let index = 2;
  let expectParameter = true;
  for (;;) {
    const token = tokens[index];
    if (token === undefined) return { kind: 'error', token: open, message: "missing ')' in macro parameter list" };
    index++;
    if (token.text === ')') {
      if (expectParameter && parameters.length > 0) return { kind: 'error', token, message: 'parameter name missing' };
      break;
    }
    if (isVariadic) return { kind: 'error', token, message: 'missing \')\' after "..."' };
    if (expectParameter && token.text === '...') {
      parameters.push('__VA_ARGS__');
      isVariadic = true;
      expectParameter = false;
      continue;
    }
    if (expectParameter && token.kind === 'identifier') {
      if (parameters.includes(token.text))
        return { kind: 'error', token, message: `duplicate macro parameter "${token.text}"` };
      parameters.push(token.text);
      expectParameter = false;
      const next = tokens[index];
      if (next !== undefined && next.text === '...') {
        isVariadic = true;
        index++;
      }
      continue;
    }
    if (!expectParameter && token.text === ',') {
      expectParameter = true;
      continue;
    }
    return { kind: 'error', token, message: `"${token.text}" may not appear in macro parameter list` };
  }
  const body = tokens.slice(index);
  for (let position = 0; position < body.length; position++) {
    const token = body[position]!;
    if (token.text === '#' && token.kind === 'punctuator') {
      const operand = body[position + 1];
      if (operand === undefined || !parameters.includes(operand.text)) {
        return { kind: 'error', token, message: "'#' is not followed by a macro parameter" };
      }
    }
  }
  if (body[0]?.text === '##' || (body.length > 0 && body[body.length - 1]!.text === '##')) {
    return { kind: 'error', token: body[0]!, message: "'##' cannot appear at either end of a macro expansion" };
  }
  return { kind: 'ok', definition: { kind: 'function', name, parameters, isVariadic, body } };
}

/** Two definitions are the same if their parameters and bodies (with whitespace presence) agree. */
export function sameDefinition(left: MacroDefinition, right: MacroDefinition): boolean {
  if (left.kind !== right.kind) return false;
  if (left.kind === 'builtin' || right.kind === 'builtin') return left.kind === right.kind;
  if (left.kind === 'function' && right.kind === 'function') {
    if (left.parameters.join(',') !== right.parameters.join(',') || left.isVariadic !== right.isVariadic) return false;
  }
  const bodyText = (body: readonly PreprocessingToken[]): string =>
    body.map((token, index) => (index > 0 && token.leadingSpace ? ' ' : '') + token.text).join('');
  return bodyText(left.body) === bodyText(right.body);
}

const placemarker: PreprocessingToken = {
  kind: 'other',
  text: '',
  line: 0,
  column: 0,
  leadingSpace: false,
  hideSet: emptyHideSet,
};

function withHideSet(hideSet: ReadonlySet<string>, added: ReadonlySet<string>): ReadonlySet<string> {
  if (added.size === 0) return hideSet;
  if (hideSet.size === 0) return added;
  const union = new Set(hideSet);
  for (const name of added) union.add(name);
  return union;
}

function intersection(left: ReadonlySet<string>, right: ReadonlySet<string>): ReadonlySet<string> {
  const result = new Set<string>();
  for (const name of left) if (right.has(name)) result.add(name);
  return result;
}

/** C string literal spelling of `value`. */
export function stringLiteral(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function stringize(argument: readonly PreprocessingToken[], at: PreprocessingToken): PreprocessingToken {
  let text = '';
  argument.forEach((token, index) => {
    if (index > 0 && token.leadingSpace) text += ' ';
    text +=
      token.kind === 'string' || token.kind === 'character'
        ? token.text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')
        : token.text;
  });
  return {
    kind: 'string',
    text: `"${text}"`,
    line: at.line,
    column: at.column,
    leadingSpace: at.leadingSpace,
    hideSet: emptyHideSet,
  };
}

/** Context the expander needs from the directive processor. */
export interface ExpansionContext {
  readonly macros: ReadonlyMap<string, MacroDefinition>;
  /** presumed file and line (after `#line`) of a physical line */
  presumedPosition(line: number): { file: string; line: number };
  nextCounter(): number;
  /** whether `#include` of this header name (without quotes or brackets) would succeed */
  hasInclude(headerName: string): boolean;
}

export class MacroExpander {
  constructor(private readonly context: ExpansionContext) {}

  /**
   * Fully expands `input`. With `inCondition`, `defined X` / `defined(X)` become 1 or 0 and are
   * never expanded.
   */
  expand(input: readonly PreprocessingToken[], inCondition: boolean): PreprocessingToken[] {
    const output: PreprocessingToken[] = [];
    const pending: PreprocessingToken[] = [...input].reverse();
    while (pending.length > 0) {
      const token = pending.pop()!;
      if (token.kind !== 'identifier' || token.hideSet.has(token.text)) {
        output.push(token);
        continue;
      }
      if (inCondition && token.text === 'defined') {
        output.push(this.definedOperator(token, pending));
        continue;
      }
      if (token.text === '_Pragma' && pending[pending.length - 1]?.text === '(') {
        pending.pop();
        const operand = pending.pop();
        const close = pending.pop();
        if (operand?.kind !== 'string' || close?.text !== ')')
          throw new ExpansionError(token, '_Pragma takes a parenthesized string literal');
        continue;
      }
      const macro = this.context.macros.get(token.text);
      if (macro === undefined) {
        output.push(token);
        continue;
      }
      let replacement: PreprocessingToken[];
      switch (macro.kind) {
        case 'builtin':
          if (macro.name === '__has_include') {
            if (!inCondition)
              throw new ExpansionError(token, '"__has_include" used outside of preprocessing directive');
            output.push(this.hasIncludeOperator(token, pending));
            continue;
          }
          replacement = [this.builtinValue(macro.name, token)];
          break;
        case 'object':
          replacement = this.substitute(
            macro.body,
            [],
            undefined,
            [],
            withHideSet(token.hideSet, new Set([macro.name])),
            token,
            inCondition,
          );
          break;
        case 'function': {
          if (pending[pending.length - 1]?.text !== '(' || pending[pending.length - 1]?.kind !== 'punctuator') {
            output.push(token);
            continue;
          }
          const { argumentList, close, variadicOmitted } = this.collectArguments(macro, token, pending);
          const hideSet = withHideSet(intersection(token.hideSet, close.hideSet), new Set([macro.name]));
          // GNU mode drops the comma of `, ## __VA_ARGS__` when the variable arguments are omitted,
          // or empty in a macro whose only parameter is `...`
          const dropComma = variadicOmitted || (macro.parameters.length === 1 && argumentList[0]?.length === 0);
          const variadic = macro.isVariadic ? { dropComma } : undefined;
          replacement = this.substitute(
            macro.body,
            macro.parameters,
            variadic,
            argumentList,
            hideSet,
            token,
            inCondition,
          );
          break;
        }
        default: {
          const exhaustive: never = macro;
          throw new Error(`unreachable ${String(exhaustive)}`);
        }
      }
      // an expansion to nothing leaves its whitespace to the next token (GCC's padding)
      const following = pending[pending.length - 1];
      if (replacement.length === 0 && token.leadingSpace && following !== undefined && !following.leadingSpace) {
        pending[pending.length - 1] = { ...following, leadingSpace: true };
      }
      for (let index = replacement.length - 1; index >= 0; index--) pending.push(replacement[index]!);
    }
    return output;
  }

  private definedOperator(token: PreprocessingToken, pending: PreprocessingToken[]): PreprocessingToken {
    let operand = pending.pop();
    let parenthesized = false;
    if (operand?.text === '(') {
      parenthesized = true;
      operand = pending.pop();
    }
    if (operand === undefined || operand.kind !== 'identifier')
      throw new ExpansionError(token, 'operator "defined" requires an identifier');
    if (parenthesized && pending.pop()?.text !== ')') throw new ExpansionError(token, 'missing \')\' after "defined"');
    const value = this.context.macros.has(operand.text) ? '1' : '0';
    return {
      kind: 'number',
      text: value,
      line: token.line,
      column: token.column,
      leadingSpace: token.leadingSpace,
      hideSet: emptyHideSet,
    };
  }

  private hasIncludeOperator(token: PreprocessingToken, pending: PreprocessingToken[]): PreprocessingToken {
    if (pending.pop()?.text !== '(') throw new ExpansionError(token, 'missing \'(\' after "__has_include"');
    const first = pending.pop();
    let headerName: string | undefined;
    if (first?.kind === 'string') headerName = first.text.slice(1, -1);
    else if (first?.text === '<') {
      headerName = '';
      for (let next = pending.pop(); next !== undefined && next.text !== '>'; next = pending.pop())
        headerName += next.text;
    }
    if (headerName === undefined || pending.pop()?.text !== ')')
      throw new ExpansionError(token, 'operator "__has_include" requires a header-name');
    const value = this.context.hasInclude(headerName) ? '1' : '0';
    return {
      kind: 'number',
      text: value,
      line: token.line,
      column: token.column,
      leadingSpace: token.leadingSpace,
      hideSet: emptyHideSet,
    };
  }

  private builtinValue(name: '__FILE__' | '__LINE__' | '__COUNTER__', at: PreprocessingToken): PreprocessingToken {
    const base = { line: at.line, column: at.column, leadingSpace: at.leadingSpace, hideSet: emptyHideSet };
    switch (name) {
      case '__FILE__':
        return { ...base, kind: 'string', text: stringLiteral(this.context.presumedPosition(at.line).file) };
      case '__LINE__':
        return { ...base, kind: 'number', text: String(this.context.presumedPosition(at.line).line) };
      case '__COUNTER__':
        return { ...base, kind: 'number', text: String(this.context.nextCounter()) };
      default: {
        const exhaustive: never = name;
        throw new Error(`unreachable ${String(exhaustive)}`);
      }
    }
  }

  private collectArguments(
    macro: Extract<MacroDefinition, { kind: 'function' }>,
    nameToken: PreprocessingToken,
    pending: PreprocessingToken[],
  ): { argumentList: PreprocessingToken[][]; close: PreprocessingToken; variadicOmitted: boolean } {
    pending.pop(); // '('
    const argumentList: PreprocessingToken[][] = [[]];
    let depth = 0;
    for (;;) {
      const token = pending.pop();
      if (token === undefined)
        throw new ExpansionError(nameToken, `unterminated argument list invoking macro "${macro.name}"`);
      if (token.kind === 'punctuator') {
        if (token.text === '(') depth++;
        else if (token.text === ')') {
          if (depth === 0) {
            const variadicOmitted = this.checkArgumentCount(macro, nameToken, argumentList);
            return { argumentList, close: token, variadicOmitted };
          }
          depth--;
        } else if (token.text === ',' && depth === 0) {
          const inVariadic = macro.isVariadic && argumentList.length >= macro.parameters.length;
          if (!inVariadic) {
            argumentList.push([]);
            continue;
          }
        }
      }
      argumentList[argumentList.length - 1]!.push(token);
    }
  }

  private checkArgumentCount(
    macro: Extract<MacroDefinition, { kind: 'function' }>,
    nameToken: PreprocessingToken,
    argumentList: PreprocessingToken[][],
  ): boolean {
    const expected = macro.parameters.length;
    if (expected === 0 && argumentList.length === 1 && argumentList[0]!.length === 0) {
      argumentList.pop();
      return false;
    }
    let variadicOmitted = false;
    if (macro.isVariadic && argumentList.length === expected - 1) {
      argumentList.push([]);
      variadicOmitted = true;
    }
    if (argumentList.length !== expected) {
      throw new ExpansionError(
        nameToken,
        `macro "${macro.name}" passed ${argumentList.length} arguments, but takes ${macro.isVariadic ? 'at least ' + (expected - 1) : expected}`,
      );
    }
    return variadicOmitted;
  }

  private substitute(
    body: readonly PreprocessingToken[],
    parameters: readonly string[],
    /** set when the last parameter is variadic: whether `, ## __VA_ARGS__` drops its comma */
    variadic: { readonly dropComma: boolean } | undefined,
    argumentList: readonly PreprocessingToken[][],
    hideSet: ReadonlySet<string>,
    at: PreprocessingToken,
    inCondition: boolean,
  ): PreprocessingToken[] {
    const result: PreprocessingToken[] = [];
    const parameterIndex = (token: PreprocessingToken | undefined): number =>
      token !== undefined && token.kind === 'identifier' ? parameters.indexOf(token.text) : -1;
    const expandedCache = new Map<number, PreprocessingToken[]>();
    // Whitespace left by an argument that expands to nothing: like GCC's padding tokens, the next
    // token is preceded by a space if the parameter or that token was (visible in `#` of a later
    // invocation). `carriedFromStart` marks a token whose space also depends on the invocation's.
    let carriedSpace: boolean | undefined;
    const carriedFromStart = new Set<PreprocessingToken>();
    let carryStartsBody = false;
    const push = (token: PreprocessingToken): void => {
      if (carriedSpace === undefined || token === placemarker) {
        result.push(token);
        return;
      }
      const carried = { ...token, leadingSpace: token.leadingSpace || carriedSpace };
      if (carryStartsBody) carriedFromStart.add(carried);
      result.push(carried);
      carriedSpace = undefined;
      carryStartsBody = false;
    };
    for (let position = 0; position < body.length; position++) {
      const token = body[position]!;
      const next = body[position + 1];
      if (token.kind === 'punctuator' && token.text === '#' && parameters.length > 0 && parameterIndex(next) >= 0) {
        push(stringize(argumentList[parameterIndex(next)]!, token));
        position++;
        continue;
      }
      if (token.kind === 'punctuator' && token.text === '##' && next !== undefined) {
        position++;
        const rightIndex = parameterIndex(next);
        const left = result.pop() ?? placemarker;
        const isVariadicArgument = variadic !== undefined && rightIndex >= 0 && rightIndex === parameters.length - 1;
        let right: PreprocessingToken[];
        if (next.kind === 'punctuator' && next.text === '#' && parameterIndex(body[position + 1]) >= 0) {
          right = [stringize(argumentList[parameterIndex(body[position + 1])]!, next)];
          position++;
        } else right = rightIndex >= 0 ? [...argumentList[rightIndex]!] : [next];
        if (left.text === ',' && left.kind === 'punctuator' && isVariadicArgument) {
          // GNU extension: `, ## __VA_ARGS__` does not paste; it may drop the comma (see expand)
          if (right.length > 0 || !variadic.dropComma) result.push(left, ...right);
          continue;
        }
        if (right.length === 0) right = [placemarker];
        result.push(this.paste(left, right[0]!, at), ...right.slice(1));
        continue;
      }
      const index = parameterIndex(token);
      if (index >= 0) {
        const argument = argumentList[index]!;
        if (next?.text === '##' && next.kind === 'punctuator') {
          if (argument.length === 0) result.push(placemarker);
          argument.forEach((argumentToken, argumentPosition) =>
            result.push(
              argumentPosition === 0 ? { ...argumentToken, leadingSpace: token.leadingSpace } : argumentToken,
            ),
          );
          continue;
        }
        let expanded = expandedCache.get(index);
        if (expanded === undefined) {
          expanded = this.expand(argument, inCondition);
          expandedCache.set(index, expanded);
        }
        if (expanded.length === 0) {
          if (result.length === 0) carryStartsBody = true;
          carriedSpace = (carriedSpace ?? false) || (result.length > 0 && token.leadingSpace);
          continue;
        }
        expanded.forEach((argumentToken, argumentPosition) =>
          push(argumentPosition === 0 ? { ...argumentToken, leadingSpace: token.leadingSpace } : argumentToken),
        );
        continue;
      }
      push(token);
    }
    const cleaned = result.filter((token) => token !== placemarker && !(token.kind === 'other' && token.text === ''));
    return cleaned.map((token, index) => ({
      ...token,
      line: at.line,
      column: at.column,
      leadingSpace:
        index === 0 ? at.leadingSpace || (carriedFromStart.has(token) && token.leadingSpace) : token.leadingSpace,
      hideSet: withHideSet(token.hideSet, hideSet),
    }));
  }

  private paste(left: PreprocessingToken, right: PreprocessingToken, at: PreprocessingToken): PreprocessingToken {
    if (left === placemarker || left.text === '') return right;
    if (right === placemarker || right.text === '') return left;
    const text = left.text + right.text;
    const lexed = tokenizePreprocessing(text);
    if (lexed.kind !== 'ok' || lexed.tokens.length !== 1 || lexed.tokens[0]!.text !== text) {
      throw new ExpansionError(
        at,
        `pasting "${left.text}" and "${right.text}" does not give a valid preprocessing token`,
      );
    }
    return {
      ...lexed.tokens[0]!,
      line: left.line,
      column: left.column,
      leadingSpace: left.leadingSpace,
      hideSet: intersection(left.hideSet, right.hideSet),
    };
  }
}
