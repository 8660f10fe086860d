export async function measure(_url: string, _opts: { seconds: number }): Promise<string> {
  throw new Error('not yet');
}
