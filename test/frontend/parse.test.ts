// Unit tests of the C parser and AST builder: precedence, declarators, typedef-name ambiguity,
// initializers, GCC extensions, constants and syntax-error diagnostics.

import { describe, expect, it } from 'vitest';
import type {
  Declaration,
  Declarator,
  Expression,
  FunctionDefinition,
  Statement,
  TranslationUnit,
} from '../../src/frontend/ast.js';
import { parseTranslationUnit } from '../../src/frontend/parse.js';

/** the parser's AST of every declaration (unused prototypes kept: these tests read their shapes) */
function parse(text: string): TranslationUnit {
  const result = parseTranslationUnit(text, 'test.c', { dropUnusedPrototypes: false });
  if (result.kind !== 'parsed') {
    throw new Error(result.diagnostics.map((d) => `${d.location.line}:${d.location.column} ${d.message}`).join('\n'));
  }
  return result.unit;
}

function declarations(text: string): Declaration[] {
  return parse(text).items.filter((item): item is Declaration => item.kind === 'declaration');
}

function functionNamed(unit: TranslationUnit, name: string): FunctionDefinition {
  for (const item of unit.items) {
    if (item.kind === 'functionDefinition' && declaredName(item.declarator) === name) {
      return item;
    }
  }
  throw new Error(`no function ${name}`);
}

function declaredName(declarator: Declarator): string | undefined {
  switch (declarator.kind) {
    case 'identifier':
      return declarator.name;
    case 'abstract':
      return undefined;
    default:
      return declaredName(declarator.inner);
  }
}

/** Statements of `void f(void) { ... }` wrapped around `body`. */
function statements(body: string, prelude = ''): readonly (Statement | Declaration)[] {
  return functionNamed(parse(`${prelude}\nvoid f(void) { ${body} }`), 'f').body.items;
}

function expression(text: string, prelude = ''): Expression {
  const items = statements(`${text};`, prelude);
  const last = items[items.length - 1]!;
  if (last.kind !== 'expressionStatement' || last.expression === undefined) {
    throw new Error(`not an expression statement: ${last.kind}`);
  }
  return last.expression;
}

/** Compact rendering of expressions for precedence checks. */
function show(node: Expression): string {
  switch (node.kind) {
    case 'identifier':
      return node.name;
    case 'integerConstant':
      return node.value.toString();
    case 'characterConstant':
      return `'${node.value}'`;
    case 'floatingConstant':
      return node.text;
    case 'stringLiteral':
      return node.text;
    case 'unary':
      return `(${node.operator} ${show(node.operand)})`;
    case 'postfix':
      return `(${show(node.operand)} ${node.operator})`;
    case 'binary':
      return `(${show(node.left)} ${node.operator} ${show(node.right)})`;
    case 'assignment':
      return `(${show(node.target)} ${node.operator} ${show(node.value)})`;
    case 'conditional':
      return `(${show(node.condition)} ? ${show(node.then)} : ${show(node.else)})`;
    case 'call':
      return `${show(node.callee)}(${node.arguments.map(show).join(', ')})`;
    case 'index':
      return `${show(node.array)}[${show(node.index)}]`;
    case 'member':
      return `${show(node.object)}${node.isArrow ? '->' : '.'}${node.field}`;
    case 'cast':
      return `(cast ${shape(node.typeName.declarator)} ${show(node.operand)})`;
    case 'sizeofType':
      return `sizeof(type)`;
    case 'sizeofExpression':
      return `sizeof(${show(node.operand)})`;
    case 'alignofType':
      return `alignof(type)`;
    case 'comma':
      return `(${node.expressions.map(show).join(', ')})`;
    case 'compoundLiteral':
      return `(literal ${node.initializer.kind})`;
    case 'statementExpression':
      return `({${node.body.items.length}})`;
    default: {
      const never: never = node;
      return never;
    }
  }
}

/** Compact rendering of declarator nesting, outermost first. */
function shape(declarator: Declarator): string {
  switch (declarator.kind) {
    case 'identifier':
      return declarator.name;
    case 'abstract':
      return '_';
    case 'pointer':
      return `pointer(${declarator.qualifiers.length > 0 ? `${declarator.qualifiers.join(' ')} ` : ''}${shape(declarator.inner)})`;
    case 'array':
      return `array(${declarator.size === undefined ? '' : `${show(declarator.size)} `}${shape(declarator.inner)})`;
    case 'function':
      return `function(${declarator.parameters.length}${declarator.isVariadic ? '...' : ''}${declarator.isUnprototyped ? '?' : ''} ${shape(declarator.inner)})`;
    default: {
      const never: never = declarator;
      return never;
    }
  }
}

describe('expressions', () => {
  it('respects C precedence and associativity', () => {
    expect(show(expression('a + b * c'))).toBe('(a + (b * c))');
    expect(show(expression('a - b - c'))).toBe('((a - b) - c)');
    expect(show(expression('a = b = c'))).toBe('(a = (b = c))');
    expect(show(expression('a || b && c | d ^ e & f == g < h << i + j * k'))).toBe(
      '(a || (b && (c | (d ^ (e & (f == (g < (h << (i + (j * k))))))))))',
    );
    expect(show(expression('a ? b : c ? d : e'))).toBe('(a ? b : (c ? d : e))');
    expect(show(expression('x += y ? 1 : 2'))).toBe('(x += (y ? 1 : 2))');
    expect(show(expression('-a[i]++'))).toBe('(- (a[i] postIncrement))');
    expect(show(expression('*p++'))).toBe('(* (p postIncrement))');
    expect(show(expression('!--x'))).toBe('(! (preDecrement x))');
    expect(show(expression('&s.f->g'))).toBe('(& s.f->g)');
    expect(show(expression('f(a, (b, c))'))).toBe('f(a, (b, c))');
    expect(show(expression('a = 1, b = 2'))).toBe('((a = 1), (b = 2))');
    expect(show(expression('sizeof x + 1'))).toBe('(sizeof(x) + 1)');
    expect(show(expression('(a + b) * c'))).toBe('((a + b) * c)');
    expect(show(expression('a >> 2 >= b'))).toBe('((a >> 2) >= b)');
  });

  it('parses casts, sizeof of types and compound literals', () => {
    expect(show(expression('(int)x + 1'))).toBe('((cast _ x) + 1)');
    expect(show(expression('(char *)p'))).toBe('(cast pointer(_) p)');
    expect(show(expression('(int (*)[3])p'))).toBe('(cast array(3 pointer(_)) p)'); // pointer to array
    expect(expression('sizeof(int[10])').kind).toBe('sizeofType');
    expect(expression('sizeof(x)').kind).toBe('sizeofExpression');
    expect(show(expression('(int[]){1, 2}[0]'))).toBe('(literal listInitializer)[0]');
  });

  it('decodes integer, character, floating and string constants', () => {
    const integer = expression('0x1fU');
    expect(integer).toMatchObject({ kind: 'integerConstant', text: '0x1fU', value: 31n, suffix: 'U' });
    expect(expression('10ul')).toMatchObject({ value: 10n, suffix: 'ul' });
    expect(expression('017')).toMatchObject({ value: 15n, suffix: '' });
    expect(expression('0')).toMatchObject({ value: 0n });
    expect(expression('18446744073709551615ULL')).toMatchObject({ value: 18446744073709551615n, suffix: 'ULL' });
    expect(expression("'a'")).toMatchObject({ kind: 'characterConstant', value: 97n });
    expect(expression("'\\n'")).toMatchObject({ value: 10n });
    expect(expression("'\\0'")).toMatchObject({ value: 0n });
    expect(expression("'\\''")).toMatchObject({ value: 39n });
    expect(expression("'\\x41'")).toMatchObject({ value: 65n });
    expect(expression("'\\101'")).toMatchObject({ value: 65n });
    expect(expression("'\\xff'")).toMatchObject({ value: -1n }); // plain char is signed
    expect(expression("L'\\xff'")).toMatchObject({ value: 255n });
    expect(expression('1.5e3f')).toMatchObject({ kind: 'floatingConstant', text: '1.5e3f' });
    expect(expression('"ab" "c"')).toMatchObject({ kind: 'stringLiteral', text: '"abc"' });
  });

  it('records 1-based locations of the first token', () => {
    const unit = parse('int g;\nvoid f(void) {\n  g = 1 + 2;\n}');
    const body = functionNamed(unit, 'f').body;
    const statement = body.items[0]!;
    expect(statement.location).toEqual({ line: 3, column: 3 });
    if (statement.kind !== 'expressionStatement' || statement.expression?.kind !== 'assignment') {
      throw new Error('expected assignment');
    }
    expect(statement.expression.value.location).toEqual({ line: 3, column: 7 });
    if (statement.expression.value.kind !== 'binary') throw new Error('expected binary');
    expect(statement.expression.value.right.location).toEqual({ line: 3, column: 11 });
  });
});

describe('declarators', () => {
  it('nests as in the C grammar (pointer outermost for *a[10])', () => {
    const array = declarations('int *a[10];')[0]!;
    expect(shape(array.declarators[0]!.declarator)).toBe('pointer(array(10 a))');
    const pointer = declarations('int (*p)[10];')[0]!;
    expect(shape(pointer.declarators[0]!.declarator)).toBe('array(10 pointer(p))');
    const functionPointer = declarations('int (*fp)(int, char *);')[0]!;
    expect(shape(functionPointer.declarators[0]!.declarator)).toBe('function(2 pointer(fp))');
    const matrix = declarations('int m[2][3];')[0]!;
    expect(shape(matrix.declarators[0]!.declarator)).toBe('array(3 array(2 m))');
    const returnsPointer = declarations('char *g(void);')[0]!;
    expect(shape(returnsPointer.declarators[0]!.declarator)).toBe('pointer(function(0 g))');
    const signal = declarations('void (*signal(int sig, void (*handler)(int)))(int);')[0]!;
    expect(shape(signal.declarators[0]!.declarator)).toBe('function(1 pointer(function(2 signal)))');
    const qualified = declarations('int * const * volatile q;')[0]!;
    expect(shape(qualified.declarators[0]!.declarator)).toBe('pointer(const pointer(volatile q))');
  });

  it('handles parameter lists: (void), (), variadic, abstract, arrays with static and [*]', () => {
    const items = declarations(
      'int f(void); int g(); int h(const char *, ...); void k(int n, int a[static n], int b[*], int c[const 4]);',
    );
    expect(shape(items[0]!.declarators[0]!.declarator)).toBe('function(0 f)');
    expect(shape(items[1]!.declarators[0]!.declarator)).toBe('function(0? g)');
    expect(shape(items[2]!.declarators[0]!.declarator)).toBe('function(1... h)');
    const k = items[3]!.declarators[0]!.declarator;
    if (k.kind !== 'function') throw new Error('expected function');
    expect(k.parameters.map((parameter) => shape(parameter.declarator))).toEqual([
      'n',
      'array(n a)',
      'array(b)',
      'array(4 c)',
    ]);
    expect(k.parameters[1]!.specifiers.type).toMatchObject({ kind: 'base', names: ['int'] });
  });

  it('keeps multiple declarators, initializers, storage and qualifiers', () => {
    const declaration = declarations('static const unsigned long int x = 1, *y, z[3] = {1, 2, 3};')[0]!;
    expect(declaration.specifiers.storage).toEqual(['static']);
    expect(declaration.specifiers.qualifiers).toEqual(['const']);
    expect(declaration.specifiers.type).toMatchObject({ kind: 'base', names: ['unsigned', 'long', 'int'] });
    expect(declaration.declarators.map((item) => shape(item.declarator))).toEqual(['x', 'pointer(y)', 'array(3 z)']);
    expect(declaration.declarators[0]!.initializer).toMatchObject({ kind: 'expressionInitializer' });
    expect(declaration.declarators[2]!.initializer).toMatchObject({ kind: 'listInitializer' });
  });

  it('builds struct, union and enum specifiers with and without bodies', () => {
    const items = declarations(
      'struct S { int a : 3, : 0; struct S *next; union { int i; float f; }; } s; struct S *p; enum E { A, B = 5, C }; enum E e;',
    );
    const struct = items[0]!.specifiers.type;
    if (struct.kind !== 'struct' || struct.fields === undefined) throw new Error('expected struct with body');
    expect(struct.tag).toBe('S');
    expect(struct.fields).toHaveLength(3);
    expect(struct.fields[0]!.declarators[0]!.bitWidth).toMatchObject({ value: 3n });
    expect(struct.fields[0]!.declarators[1]!.declarator).toBeUndefined();
    expect(struct.fields[2]!.specifiers.type).toMatchObject({ kind: 'struct', isUnion: true, tag: undefined });
    expect(items[1]!.specifiers.type).toMatchObject({ kind: 'struct', tag: 'S', fields: undefined });
    const enumeration = items[2]!.specifiers.type;
    if (enumeration.kind !== 'enum' || enumeration.enumerators === undefined) throw new Error('expected enum');
    expect(enumeration.enumerators.map((item) => item.name)).toEqual(['A', 'B', 'C']);
    expect(enumeration.enumerators[1]!.value).toMatchObject({ value: 5n });
    expect(items[3]!.specifiers.type).toMatchObject({ kind: 'enum', tag: 'E', enumerators: undefined });
  });

  it('builds designated initializers', () => {
    const declaration = declarations(
      'struct P { int x, y; } points[3] = { [1] = { .y = 2, .x = 1 }, [2].x = 7, 9 };',
    )[0]!;
    const initializer = declaration.declarators[0]!.initializer;
    if (initializer?.kind !== 'listInitializer') throw new Error('expected list');
    expect(initializer.items).toHaveLength(3);
    expect(initializer.items[0]!.designators).toMatchObject([{ kind: 'indexDesignator', index: { value: 1n } }]);
    const inner = initializer.items[0]!.initializer;
    if (inner.kind !== 'listInitializer') throw new Error('expected nested list');
    expect(inner.items.map((item) => item.designators)).toEqual([
      [{ kind: 'fieldDesignator', name: 'y' }],
      [{ kind: 'fieldDesignator', name: 'x' }],
    ]);
    expect(initializer.items[1]!.designators).toMatchObject([
      { kind: 'indexDesignator', index: { value: 2n } },
      { kind: 'fieldDesignator', name: 'x' },
    ]);
    expect(initializer.items[2]!.designators).toEqual([]);
  });

  it('gives K&R definitions their declared parameter types', () => {
    const definition = functionNamed(parse('int add(a, b) int a; char b; { return a + b; }'), 'add');
    if (definition.declarator.kind !== 'function') throw new Error('expected function');
    expect(definition.declarator.parameters.map((parameter) => parameter.specifiers.type)).toMatchObject([
      { kind: 'base', names: ['int'] },
      { kind: 'base', names: ['char'] },
    ]);
  });
});

describe('typedef names', () => {
  it('distinguishes casts from parenthesized expressions', () => {
    expect(show(expression('(T)-x', 'typedef int T;'))).toBe('(cast _ (- x))');
    expect(show(expression('(a)-x', 'int a;'))).toBe('(a - x)');
    expect(show(expression('(T *)0', 'typedef int T;'))).toBe('(cast pointer(_) 0)');
    expect(expression('sizeof(T)', 'typedef int T;').kind).toBe('sizeofType');
    expect(expression('sizeof(a)', 'int a;').kind).toBe('sizeofExpression');
  });

  it('reads `T * x;` as a declaration only when T is a typedef name', () => {
    const asDeclaration = statements('T * x;', 'typedef int T;');
    expect(asDeclaration[0]!.kind).toBe('declaration');
    if (asDeclaration[0]!.kind !== 'declaration') throw new Error('unreachable');
    expect(asDeclaration[0]!.specifiers.type).toEqual({
      kind: 'typedefName',
      name: 'T',
      location: { line: 2, column: 16 },
    });
    expect(shape(asDeclaration[0]!.declarators[0]!.declarator)).toBe('pointer(x)');
    const asExpression = statements('T * x;', 'int T, x;');
    expect(asExpression[0]!.kind).toBe('expressionStatement');
  });

  it('lets a block-scope variable shadow a typedef name, until the block ends', () => {
    const items = statements('{ int T = 2; T * x; } T * y;', 'typedef int T; int x;');
    const block = items[0]!;
    if (block.kind !== 'compound') throw new Error('expected block');
    expect(block.items[0]!.kind).toBe('declaration');
    expect(block.items[1]!.kind).toBe('expressionStatement'); // multiplication
    expect(items[1]!.kind).toBe('declaration'); // T is a type again
  });

  it('accepts a typedef name re-declared after another type specifier and as a member name', () => {
    const unit = parse(
      'typedef int T; struct S { long T; }; void f(void) { struct S s; s.T = 1; { unsigned T; T = 3; } }',
    );
    const body = functionNamed(unit, 'f').body.items;
    expect(body[1]!.kind).toBe('expressionStatement');
    const inner = body[2]!;
    if (inner.kind !== 'compound') throw new Error('expected block');
    expect(inner.items[0]).toMatchObject({
      kind: 'declaration',
      specifiers: { type: { kind: 'base', names: ['unsigned'] } },
    });
    expect(inner.items[1]!.kind).toBe('expressionStatement');
  });

  it('treats parameters as ordinary identifiers inside the function body', () => {
    const body = functionNamed(parse('typedef int T; int f(int T) { return T * 2; }'), 'f').body.items;
    expect(body[0]).toMatchObject({ kind: 'return', value: { kind: 'binary', operator: '*' } });
  });

  it('scopes typedefs declared inside a block', () => {
    const items = statements('{ typedef int U; U u; } int U; U * 2;');
    expect(items[2]).toMatchObject({ kind: 'expressionStatement', expression: { kind: 'binary' } });
  });
});

describe('statements', () => {
  it('builds every statement kind', () => {
    const items = statements(`
      int i, s = 0;
      for (int j = 0; j < 3; j++) s += j;
      for (;;) break;
      while (i < 10) { i++; continue; }
      do i--; while (i > 0);
      if (i) s = 1; else if (s) s = 2; else ;
      switch (s) { case 1: s = 2; break; default: s = 3; }
      goto end;
      end: return;
    `);
    expect(items.map((item) => item.kind)).toEqual([
      'declaration',
      'for',
      'for',
      'while',
      'doWhile',
      'if',
      'switch',
      'goto',
      'labeled',
    ]);
    const loop = items[1]!;
    if (loop.kind !== 'for') throw new Error('expected for');
    expect(loop.init).toMatchObject({ kind: 'declaration', specifiers: { type: { names: ['int'] } } });
    expect(loop.condition).toMatchObject({ kind: 'binary', operator: '<' });
    expect(loop.update).toMatchObject({ kind: 'postfix', operator: 'postIncrement' });
    const forever = items[2];
    expect(forever).toMatchObject({
      kind: 'for',
      init: undefined,
      condition: undefined,
      update: undefined,
      body: { kind: 'break' },
    });
    const branch = items[5];
    expect(branch).toMatchObject({
      kind: 'if',
      else: { kind: 'if', else: { kind: 'expressionStatement', expression: undefined } },
    });
    const selection = items[6]!;
    if (selection.kind !== 'switch' || selection.body.kind !== 'compound') throw new Error('expected switch');
    expect(selection.body.items.map((item) => item.kind)).toEqual(['case', 'break', 'default']);
    expect(items[8]).toMatchObject({ kind: 'labeled', label: 'end', body: { kind: 'return', value: undefined } });
  });

  it('keeps asm statements and drops _Static_assert and __label__', () => {
    const items = statements(
      '__label__ out; _Static_assert(1, "x"); __asm__ __volatile__("nop" : : : "memory"); asm("nop");',
    );
    expect(items.map((item) => item.kind)).toEqual(['asm', 'asm']);
  });
});

describe('GCC extensions', () => {
  it('parses the assert expansion of glibc headers', () => {
    const unit = parse(`
extern void __assert_fail (const char *__assertion, const char *__file,
      unsigned int __line, const char *__function)
     __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; else __assert_fail ("0", "f.c", 3, __extension__ __PRETTY_FUNCTION__); })); }
`);
    const body = functionNamed(unit, 'reach_error').body.items;
    expect(body[0]).toMatchObject({
      kind: 'expressionStatement',
      expression: { kind: 'comma', expressions: [{ kind: 'cast' }, { kind: 'statementExpression' }] },
    });
  });

  it('parses system-header declarations', () => {
    const unit = parse(`
# 1 "/usr/include/stdlib.h" 1 3 4
#pragma GCC diagnostic push
typedef __builtin_va_list __gnuc_va_list;
__extension__ typedef unsigned long long int __u_quad_t;
__extension__ typedef struct { long long int quot; long long int rem; } lldiv_t;
typedef struct { int __val[2]; } __fsid_t;
typedef __signed__ char __int8_t;
extern int printf (const char *__restrict __format, ...) __asm__ ("" "__isoc99_printf") __attribute__ ((__nonnull__ (1)));
extern void *memcpy (void *__restrict __dest, const void *__restrict __src, unsigned long __n) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__nonnull__ (1, 2)));
static __inline__ __attribute__ ((__always_inline__)) unsigned int __bswap_32 (unsigned int __bsx) { return __builtin_bswap32 (__bsx); }
extern __inline __attribute__ ((__gnu_inline__)) double atof (const char *__nptr) { return 0.0; }
typedef struct __attribute__((packed)) { char c; int i __attribute__((aligned(4))); } packed_t;
typedef float _Float32x_t __attribute__ ((__mode__ (__SF__)));
extern _Float128 strtof128 (const char *__restrict __nptr, char **__restrict __endptr);
__extension__ typedef __int128 int128_t;
extern int __sigsetjmp (void *__env, int __savemask) __attribute__ ((__nothrow__));
extern __typeof__(memcpy) my_memcpy;
typedef _Complex float __cfloat128 __attribute__ ((__mode__ (__TC__)));
extern const volatile int __const_thing;
extern int x_array[] __asm__("alias");
_Static_assert(sizeof(int) == 4, "int");
asm(".symver memcpy, memcpy@GLIBC_2.2.5");
`);
    const names = unit.items.map((item) =>
      item.kind === 'declaration'
        ? declaredName(item.declarators[0]?.declarator ?? { kind: 'abstract', location: item.location })
        : declaredName(item.declarator),
    );
    expect(names).toEqual([
      '__gnuc_va_list',
      '__u_quad_t',
      'lldiv_t',
      '__fsid_t',
      '__int8_t',
      'printf',
      'memcpy',
      '__bswap_32',
      'atof',
      'packed_t',
      '_Float32x_t',
      'strtof128',
      'int128_t',
      '__sigsetjmp',
      'my_memcpy',
      '__cfloat128',
      '__const_thing',
      'x_array',
    ]);
    const int8 = unit.items[4];
    expect(int8).toMatchObject({
      kind: 'declaration',
      specifiers: { storage: ['typedef'], type: { names: ['signed', 'char'] } },
    });
    const inline = unit.items[7];
    expect(inline).toMatchObject({ kind: 'functionDefinition', specifiers: { storage: ['static'], isInline: true } });
    expect(unit.items[14]).toMatchObject({
      specifiers: { type: { kind: 'typeof', operand: { kind: 'identifier', name: 'memcpy' } } },
    });
    expect(unit.items[16]).toMatchObject({ specifiers: { qualifiers: ['const', 'volatile'] } });
  });

  it('parses typeof, statement expressions, offsetof and va_arg', () => {
    const items = statements(
      `
      __typeof__(x) y = ({ int t = x; t + 1; });
      unsigned long o = __builtin_offsetof(struct Q, b[1]);
      int v = __builtin_va_arg(ap, int);
      int al = __alignof__(x);
    `,
      'struct Q { int a; int b[2]; }; int x; __builtin_va_list ap;',
    );
    expect(items[0]).toMatchObject({
      kind: 'declaration',
      specifiers: { type: { kind: 'typeof' } },
      declarators: [{ initializer: { expression: { kind: 'statementExpression' } } }],
    });
    const offset = items[1]!;
    if (offset.kind !== 'declaration' || offset.declarators[0]!.initializer?.kind !== 'expressionInitializer')
      throw new Error('expected declaration');
    expect(show(offset.declarators[0]!.initializer.expression)).toBe('(cast _ (& (cast pointer(_) 0)->b[1]))');
    const argument = items[2]!;
    if (argument.kind !== 'declaration' || argument.declarators[0]!.initializer?.kind !== 'expressionInitializer')
      throw new Error('expected declaration');
    expect(show(argument.declarators[0]!.initializer.expression)).toBe('(cast _ __builtin_va_arg(ap))');
    expect(items[3]).toMatchObject({
      declarators: [
        {
          initializer: { expression: { kind: 'alignofType', typeName: { specifiers: { type: { kind: 'typeof' } } } } },
        },
      ],
    });
  });
});

describe('syntax errors', () => {
  it('reports the offending token with its line and column', () => {
    const result = parseTranslationUnit('int main(void) {\n  int x = 1;\n  x = (2 + ;\n}\n', 'bad.c');
    expect(result.kind).toBe('syntaxError');
    if (result.kind !== 'syntaxError') return;
    expect(result.diagnostics.length).toBeGreaterThan(0);
    expect(result.diagnostics[0]).toMatchObject({
      file: 'bad.c',
      severity: 'error',
      location: { line: 3, column: 12 },
    });
    expect(result.diagnostics[0]!.message).toMatch(/^syntax error: unexpected ';'/);
  });

  it('reports a missing closing brace at end of file', () => {
    const result = parseTranslationUnit('void f(void) {\n  return;\n', 'eof.c');
    expect(result.kind).toBe('syntaxError');
    if (result.kind !== 'syntaxError') return;
    expect(result.diagnostics[0]!.location.line).toBe(3);
    expect(result.diagnostics[0]!.message).toMatch(/end of file/);
  });

  it('reports stray characters from the lexer', () => {
    const result = parseTranslationUnit('int x = 1 @ 2;', 'lex.c');
    expect(result).toMatchObject({
      kind: 'syntaxError',
      diagnostics: [{ location: { line: 1, column: 11 }, severity: 'error' }],
    });
  });

  it('never throws on garbage input', () => {
    for (const text of ['', ')', '{{{{', 'int int int;', 'typedef;', '"unterminated', "'", 'a b c d', 'struct { ;']) {
      const result = parseTranslationUnit(text, 'garbage.c');
      expect(['parsed', 'syntaxError']).toContain(result.kind);
    }
    expect(parseTranslationUnit('', 'empty.c')).toEqual({
      kind: 'parsed',
      unit: { kind: 'translationUnit', items: [] },
    });
    expect(parseTranslationUnit('int x = ;', 'x.c').kind).toBe('syntaxError');
  });
});
