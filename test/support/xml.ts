// A strict reader of the small XML files the campaign writes (BenchExec result files): the XML
// declaration, a DOCTYPE, elements with double-quoted attributes, empty elements, whitespace between
// them and the five predefined entities. Anything else, a tag closed out of order or text left
// after the root, throws: a file it reads is well-formed.

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
}

const entities: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&([a-z]+);/g, (whole, name: string) => {
    const value = entities[name];
    if (value === undefined) throw new Error(`unknown entity ${whole}`);
    return value;
  });
}

export function parseXml(text: string): XmlElement {
  let rest = text.replace(/^<\?xml[^?]*\?>\s*/, '').replace(/^<!DOCTYPE[^>]*>\s*/, '');
  const stack: { name: string; attributes: Record<string, string>; children: XmlElement[] }[] = [];
  let root: XmlElement | undefined;
  while (rest.length > 0) {
    const whitespace = /^\s+/.exec(rest);
    if (whitespace !== null) {
      rest = rest.slice(whitespace[0].length);
      continue;
    }
    const closing = /^<\/([\w-]+)\s*>/.exec(rest);
    if (closing !== null) {
      const open = stack.pop();
      if (open?.name !== closing[1]!) throw new Error(`</${closing[1]}> closes <${open?.name}>`);
      const element = { name: open.name, attributes: open.attributes, children: open.children };
      if (stack.length === 0) root = element;
      else stack[stack.length - 1]!.children.push(element);
      rest = rest.slice(closing[0].length);
      continue;
    }
    const opening = /^<([\w-]+)((?:\s+[\w-]+="[^"<]*")*)\s*(\/?)>/.exec(rest);
    if (opening === null) throw new Error(`not well-formed at: ${rest.slice(0, 60)}`);
    if (root !== undefined) throw new Error('content after the root element');
    const attributes: Record<string, string> = {};
    for (const match of opening[2]!.matchAll(/([\w-]+)="([^"]*)"/g)) {
      if (match[1]! in attributes) throw new Error(`attribute ${match[1]} twice`);
      attributes[match[1]!] = decode(match[2]!);
    }
    const element = { name: opening[1]!, attributes, children: [] as XmlElement[] };
    if (opening[3] === '/') {
      if (stack.length === 0) root = element;
      else stack[stack.length - 1]!.children.push(element);
    } else {
      stack.push(element);
    }
    rest = rest.slice(opening[0].length);
  }
  if (root === undefined || stack.length > 0) throw new Error('unclosed elements');
  return root;
}
