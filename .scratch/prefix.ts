import { catalogue } from '../schemas/catalogue/index.js';
const c = new Map<string, number>();
for (const e of catalogue.events) { const p = e.type.split('.')[0]; c.set(p, (c.get(p) ?? 0) + 1); }
console.log([...c.entries()].sort());
