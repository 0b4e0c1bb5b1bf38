import { z } from 'zod';

/** A comment's content: required, sent trimmed (spec 1 section 5). Messages are i18n keys. */
export const commentSchema = z.object({
  content: z.string().trim().min(1, 'comments.required'),
});

export type CommentValues = z.input<typeof commentSchema>;

/** Save changes needs a valid and changed form (spec 1 section 5): whitespace alone is no change. */
export function canSaveEdit(original: string, edited: string): boolean {
  const next = edited.trim();
  return next !== '' && next !== original.trim();
}
