import type { Culture } from './texts.ts';

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Texts of reading uploaded files (kit/import/read-pool.ts, archive.ts): refused packages, a reader that failed, too many imports at once, long lists cut. */
export const fileReadingTexts = {
  'zh-Hans': {
    entries: (file: string, limit: number) => `无法读取“${file}”：压缩包中的文件超过 ${limit} 个。`,
    entrySize: (file: string, entry: string, limit: number) => `无法读取“${file}”：其中的 ${entry} 解压后超过 ${mb(limit)}。`,
    totalSize: (file: string, limit: number) => `无法读取“${file}”：解压后的内容超过 ${mb(limit)}。`,
    ratio: (file: string, entry: string, limit: number) =>
      `无法读取“${file}”：其中的 ${entry} 压缩比超过 ${limit} 倍（疑似压缩炸弹），请用 Excel、WPS 或 Word 重新保存后导入。`,
    unsupported: (file: string, entry: string) => `无法读取“${file}”：${entry} 已加密或使用了不支持的压缩方式。`,
    entities: (file: string, entry: string) => `无法读取“${file}”：${entry} 含有 XML 实体声明（<!DOCTYPE>/<!ENTITY>），Office 文档不会包含这些内容。`,
    tooHeavy: (file: string) => `无法读取“${file}”：读取该文件所需的内存超过上限，请拆分文件后分批导入。`,
    tooSlow: (file: string, seconds: number) => `无法读取“${file}”：${seconds} 秒内未能读完，请拆分文件后分批导入。`,
    tooManyColumns: (file: string, row: number, limit: number) => `“${file}”第 ${row} 行超过 ${limit} 列，请删除多余的列后重新导入。`,
    notText: (file: string) => `无法读取“${file}”：文件不是 UTF-8 或 GBK 编码的文本。`,
    busy: (limit: number) => `本租户已有 ${limit} 个文件正在读取，请等其完成后再导入。`,
    serverBusy: '服务器正在读取其他导入文件，请稍后再试。',
    andMore: (n: number) => `等（另有 ${n} 项）`,
  },
  en: {
    entries: (file: string, limit: number) => `"${file}" cannot be read: the package holds more than ${limit} files.`,
    entrySize: (file: string, entry: string, limit: number) => `"${file}" cannot be read: its part ${entry} expands to more than ${mb(limit)}.`,
    totalSize: (file: string, limit: number) => `"${file}" cannot be read: its content expands to more than ${mb(limit)}.`,
    ratio: (file: string, entry: string, limit: number) =>
      `"${file}" cannot be read: its part ${entry} is compressed more than ${limit} fold (a compression bomb?); save it again in Excel, WPS or Word and import it.`,
    unsupported: (file: string, entry: string) => `"${file}" cannot be read: ${entry} is encrypted or compressed in a way that is not supported.`,
    entities: (file: string, entry: string) =>
      `"${file}" cannot be read: ${entry} declares XML entities (<!DOCTYPE>/<!ENTITY>), which Office documents never contain.`,
    tooHeavy: (file: string) => `"${file}" cannot be read: reading it needs more memory than allowed; split the file.`,
    tooSlow: (file: string, seconds: number) => `"${file}" cannot be read: it was not read within ${seconds} seconds; split the file.`,
    tooManyColumns: (file: string, row: number, limit: number) =>
      `Row ${row} of "${file}" has more than ${limit} columns; remove the extra columns and import it again.`,
    notText: (file: string) => `"${file}" cannot be read: it is not UTF-8 or GBK text.`,
    busy: (limit: number) => `${limit} files of this tenant are being read; wait until they are done, then import.`,
    serverBusy: 'The server is reading other imported files; try again shortly.',
    andMore: (n: number) => ` and ${n} more`,
  },
} as const satisfies Record<Culture, unknown>;

/** At most `max` items of a list read from a file, then "and N more" (a file can name a million columns; the answer must not). */
export function capList(items: readonly string[], culture: Culture, separator: string, max = 50): string {
  const shown = items.slice(0, max).join(separator);
  return items.length > max ? `${shown}${fileReadingTexts[culture].andMore(items.length - max)}` : shown;
}
