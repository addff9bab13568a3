// Better Auth's CLI needs Object.groupBy (Node 21+); this adds it on Node 20 for `npm run auth:generate`.
// On Node 22 and later it does nothing (`??=`). When Node 20 support goes, delete this file and the
// `NODE_OPTIONS="--require ./scripts/node20-groupby.cjs"` in package.json's auth:generate script.
Object.groupBy ??= (items, fn) => {
  const out = Object.create(null);
  let i = 0;
  for (const item of items) {
    const k = fn(item, i++);
    (out[k] ??= []).push(item);
  }
  return out;
};
Map.groupBy ??= (items, fn) => {
  const out = new Map();
  let i = 0;
  for (const item of items) {
    const k = fn(item, i++);
    if (!out.has(k)) out.set(k, []);
    out.get(k).push(item);
  }
  return out;
};
