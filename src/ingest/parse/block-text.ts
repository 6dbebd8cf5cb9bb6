import type { Block, TableBlock } from './types.js';

/** Plain text of one block as it appears in a chunk: lines separated by '\n'. */
export function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'list':
      return [...(block.title === null ? [] : [block.title]), ...block.items].join('\n');
    case 'table':
      return [block.caption, ...block.rows, ...tableNotes(block)].join('\n');
    case 'box':
      return [...(block.title === null ? [] : [block.title]), ...block.blocks.map(blockText)].join('\n');
  }
}

/** Table footnotes as they are printed after the rows. */
export function tableNotes(table: TableBlock): string[] {
  return table.notes.map((note) => `Note: ${note}`);
}

/** Plain text of a sequence of blocks, one blank line between blocks. */
export function blocksText(blocks: Block[]): string {
  return blocks.map(blockText).join('\n\n');
}
