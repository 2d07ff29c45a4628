// What fetch.ts uses of undici, as an ES module of our own. fetch.ts loads it with import(), so that
// the compiled server keeps undici in a chunk read on the first check: a CommonJS package that is
// itself the target of import() would offer only its default export from such a chunk.
export { Agent, request } from 'undici';
