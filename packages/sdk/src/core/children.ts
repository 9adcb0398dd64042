import { z } from 'zod';

/**
 * Ordered child collections (lessons of a course; later options of a question,
 * questions of a paper section, replies of a thread), declared once.
 *
 * Input: the whole list, in display order. An item with `id` changes that
 * existing child; an item without `id` is added; existing children missing from
 * the list are removed; the position in the list is the new order (`sort`,
 * 0-based). The server syncs the list in the parent's transaction and refuses
 * an `id` that is not a child of this parent, or repeated, with a 400 on
 * `<field>[i].id`.
 * Validation errors name full paths: `lessons[2].title`.
 */
export function orderedChildren<Shape extends z.ZodRawShape>(child: z.ZodObject<Shape>, options: { max: number }) {
  const id = z.number().int().min(1).optional().describe('An existing child to change; absent to add one');
  return z
    .array(z.object({ ...child.shape, id }))
    .max(options.max)
    .describe(
      `Ordered list (at most ${options.max}): items with id are changed, items without id added, missing ones removed; list order is the new order`,
    );
}

/** A child as read back: its own fields plus `id` and its position `sort` (0-based, ascending). */
export function childDto<Shape extends z.ZodRawShape>(child: z.ZodObject<Shape>) {
  return z.object({ ...child.shape, id: z.number().int(), sort: z.number().int().min(0) });
}
