// Where each value sits in a JSON text, so that --write can replace single
// values and leave every other byte of a vector file (key order, spacing,
// number spellings such as 72.0 or 5e-05) as it was.

// Parses text into nodes {type, start, end, value | entries | items}.
export function parseSpans(text) {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i])) i++;
  };
  const fail = (what) => {
    throw new SyntaxError(`${what} at offset ${i}`);
  };
  function str() {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail('unterminated string');
    i++;
    return { type: 'string', start, end: i, value: JSON.parse(text.slice(start, i)) };
  }
  function value() {
    ws();
    const start = i, ch = text[i];
    if (ch === '{') {
      i++;
      const entries = [];
      ws();
      if (text[i] === '}') {
        i++;
        return { type: 'object', start, end: i, entries };
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a key');
        const key = str();
        ws();
        if (text[i] !== ':') fail('expected :');
        i++;
        entries.push({ key: key.value, keyStart: key.start, node: value() });
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return { type: 'object', start, end: i, entries };
        } else fail('expected , or }');
      }
    }
    if (ch === '[') {
      i++;
      const items = [];
      ws();
      if (text[i] === ']') {
        i++;
        return { type: 'array', start, end: i, items };
      }
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return { type: 'array', start, end: i, items };
        } else fail('expected , or ]');
      }
    }
    if (ch === '"') return str();
    const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) fail('unexpected character');
    i += m[0].length;
    return { type: 'scalar', start, end: i, value: JSON.parse(m[0]) };
  }
  const root = value();
  ws();
  if (i !== text.length) fail('trailing text');
  return root;
}

export function member(node, key) {
  if (!node || node.type !== 'object') return undefined;
  const e = node.entries.find((x) => x.key === key);
  return e ? e.node : undefined;
}

// The indentation of the line on which offset pos sits.
export function indentAt(text, pos) {
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))[0];
}

// Applies [{start, end, text}] edits (non-overlapping) to text.
export function applyEdits(text, edits) {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
