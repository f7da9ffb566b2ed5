// Just enough of a DOM for Preact to render a component tree under Node, so a
// Vitest test can look at what the page renders (elements, attributes, text)
// without a browser. Events, layout and styles are not modelled.

class Node {
  constructor(ownerDocument) {
    this.ownerDocument = ownerDocument;
    this.parentNode = null;
    this.childNodes = [];
  }
  get firstChild() {
    return this.childNodes[0] ?? null;
  }
  get nextSibling() {
    const siblings = this.parentNode?.childNodes;
    return siblings ? (siblings[siblings.indexOf(this) + 1] ?? null) : null;
  }
  insertBefore(node, ref) {
    node.parentNode?.removeChild(node);
    const at = ref ? this.childNodes.indexOf(ref) : -1;
    if (at < 0) this.childNodes.push(node);
    else this.childNodes.splice(at, 0, node);
    node.parentNode = this;
    return node;
  }
  appendChild(node) {
    return this.insertBefore(node, null);
  }
  removeChild(node) {
    const at = this.childNodes.indexOf(node);
    if (at >= 0) this.childNodes.splice(at, 1);
    node.parentNode = null;
    return node;
  }
  remove() {
    this.parentNode?.removeChild(this);
  }
  get textContent() {
    return this.childNodes.map((c) => c.textContent).join('');
  }
  set textContent(text) {
    for (const c of [...this.childNodes]) this.removeChild(c);
    if (text !== '' && text != null) this.appendChild(this.ownerDocument.createTextNode(String(text)));
  }
}

class Text extends Node {
  constructor(ownerDocument, data) {
    super(ownerDocument);
    this.nodeType = 3;
    this.data = data;
  }
  get textContent() {
    return this.data;
  }
}

class Element extends Node {
  constructor(ownerDocument, name, namespaceURI) {
    super(ownerDocument);
    this.nodeType = 1;
    this.localName = name;
    this.tagName = name.toUpperCase();
    this.namespaceURI = namespaceURI;
    this.attributes = new Map();
    this.style = { cssText: '', setProperty() {} };
  }
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }
  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }
  removeAttribute(name) {
    this.attributes.delete(name);
  }
  addEventListener() {}
  removeEventListener() {}
  /** Every element below this one, depth first, in document order. */
  *descendants() {
    for (const c of this.childNodes) {
      if (c instanceof Element) {
        yield c;
        yield* c.descendants();
      }
    }
  }
}

export function createDocument() {
  const doc = {
    nodeType: 9,
    createElement: (name) => new Element(doc, name, 'http://www.w3.org/1999/xhtml'),
    createElementNS: (ns, name) => new Element(doc, name, ns),
    createTextNode: (data) => new Text(doc, data),
  };
  return doc;
}
