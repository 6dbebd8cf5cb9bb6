/** The port for turning text into vectors; adapters speak to an OpenAI-compatible endpoint. */
export interface Embedder {
  /** The model id recorded with every stored vector. */
  readonly model: string;
  readonly dimensions: number;
  /** One vector per input text, in order. Throws on a permanent failure after its own retries. */
  embed(texts: string[], options?: { signal?: AbortSignal }): Promise<number[][]>;
}
