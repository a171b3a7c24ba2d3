import { createReadStream } from 'node:fs';

/**
 * The lines of a UTF-8 text file (without their "\n" or "\r\n"), read a block at a time only as
 * they are asked for. readline's iterator reads ahead until 1,024 lines wait unread: with a
 * feature of a map or a table's rows on each line, that read-ahead was most of an import's
 * peak memory (issue 15). Here one block and one unfinished line are held. Stop early with
 * `return()` (a `for await` break does it) and the file is closed.
 */
export async function* readLines(file: string, blockBytes = 64 * 1024): AsyncGenerator<string, void> {
  const input = createReadStream(file, { encoding: 'utf8', highWaterMark: blockBytes });
  let rest = '';
  try {
    for await (const block of input as AsyncIterable<string>) {
      let start = 0;
      for (let nl = block.indexOf('\n'); nl !== -1; nl = block.indexOf('\n', start)) {
        const line = rest + block.slice(start, nl);
        rest = '';
        start = nl + 1;
        yield line.endsWith('\r') ? line.slice(0, -1) : line;
      }
      rest += block.slice(start);
    }
    if (rest) yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
  } finally {
    input.destroy();
  }
}
