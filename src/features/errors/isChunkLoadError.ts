/**
 * True for the errors browsers raise when a lazily loaded route chunk cannot be fetched (network
 * blip, or a deploy replaced the hashed file names). Messages differ per engine.
 */
const CHUNK_ERROR = /dynamically imported module|importing a module script failed|failed to fetch|error loading dynamically|chunk/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}
