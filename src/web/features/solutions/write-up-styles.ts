/**
 * How a rendered write-up looks (docs/product.md §11): the sanitised HTML's few elements, styled from
 * the container, so the preview and the solution page look alike.
 */
export const WRITE_UP_CLASSES = [
  'text-base leading-7 text-slate-800 break-words',
  '[&>*+*]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold',
  '[&_a]:font-medium [&_a]:text-accent-800 [&_a]:underline [&_a]:underline-offset-2',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:text-slate-700',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 [&_pre_code]:p-0',
].join(' ')
