/** A fetched-page run's stages before any is timed (all zero), shared by the page
 * entry and the driver. */
export const NO_FETCHED_STAGES = {
  decode: 0,
  parse: 0,
  resolve: 0,
  byRule: false,
  siblings: 0,
  siblingItems: 0,
  siblingBlocks: 0,
  sanitize: 0,
  insert: 0,
  total: 0,
  longestTaskMs: 0,
  longTaskMs: 0,
  layoutAfter: 0,
  elements: 0,
  insertedElements: 0,
  htmlChars: 0,
};
