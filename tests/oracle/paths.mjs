// Paths into a report, as tests/vectors/README.md defines them: keys joined
// by dots; inside an array of {code, ...} objects a segment picks the element
// whose code equals it.

export function lookup(report, path) {
  let node = report;
  for (const seg of path.split('.')) {
    if (Array.isArray(node)) node = node.find((x) => x && x.code === seg);
    // Own keys, the non-enumerable figures a derivation shows included (analysis.mjs: room_gib, need_gib).
    else if (node !== null && typeof node === 'object' && Object.hasOwn(node, seg)) node = node[seg];
    else node = undefined;
    if (node === undefined) return { found: false };
  }
  return { found: true, value: node };
}

export const codes = (list) => (Array.isArray(list) ? list.map((x) => x.code) : undefined);
