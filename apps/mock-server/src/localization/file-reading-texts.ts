/** Texts of reading uploaded files (kit/import/read-pool.ts, read-worker.ts): refused packages, a reader that failed, too many imports at once, long lists cut. */
export const fileReadingTexts = {
  'zh-Hans': {
    FileReadingEntries: '无法读取“{0}”：压缩包中的文件超过 {1} 个。',
    FileReadingEntrySize: '无法读取“{0}”：其中的 {1} 解压后超过 {2}。',
    FileReadingTotalSize: '无法读取“{0}”：解压后的内容超过 {1}。',
    FileReadingRatio: '无法读取“{0}”：其中的 {1} 压缩比超过 {2} 倍（疑似压缩炸弹），请用 Excel、WPS 或 Word 重新保存后导入。',
    FileReadingUnsupported: '无法读取“{0}”：{1} 已加密或使用了不支持的压缩方式。',
    FileReadingEntities: '无法读取“{0}”：{1} 含有 XML 实体声明（<!DOCTYPE>/<!ENTITY>），Office 文档不会包含这些内容。',
    FileReadingTooHeavy: '无法读取“{0}”：读取该文件所需的内存超过上限，请拆分文件后分批导入。',
    FileReadingTooSlow: '无法读取“{0}”：{1} 秒内未能读完，请拆分文件后分批导入。',
    FileReadingTooManyColumns: '“{0}”第 {1} 行超过 {2} 列，请删除多余的列后重新导入。',
    FileReadingNotText: '无法读取“{0}”：文件不是 UTF-8 或 GBK 编码的文本。',
    FileReadingBusy: '本租户已有 {0} 个文件正在读取，请等其完成后再导入。',
    FileReadingServerBusy: '服务器正在读取其他导入文件，请稍后再试。',
    FileReadingAndMore: '等（另有 {0} 项）',
  },
  en: {
    FileReadingEntries: '"{0}" cannot be read: the package holds more than {1} files.',
    FileReadingEntrySize: '"{0}" cannot be read: its part {1} expands to more than {2}.',
    FileReadingTotalSize: '"{0}" cannot be read: its content expands to more than {1}.',
    FileReadingRatio:
      '"{0}" cannot be read: its part {1} is compressed more than {2} fold (a compression bomb?); save it again in Excel, WPS or Word and import it.',
    FileReadingUnsupported: '"{0}" cannot be read: {1} is encrypted or compressed in a way that is not supported.',
    FileReadingEntities: '"{0}" cannot be read: {1} declares XML entities (<!DOCTYPE>/<!ENTITY>), which Office documents never contain.',
    FileReadingTooHeavy: '"{0}" cannot be read: reading it needs more memory than allowed; split the file.',
    FileReadingTooSlow: '"{0}" cannot be read: it was not read within {1} seconds; split the file.',
    FileReadingTooManyColumns: 'Row {1} of "{0}" has more than {2} columns; remove the extra columns and import it again.',
    FileReadingNotText: '"{0}" cannot be read: it is not UTF-8 or GBK text.',
    FileReadingBusy: '{0} files of this tenant are being read; wait until they are done, then import.',
    FileReadingServerBusy: 'The server is reading other imported files; try again shortly.',
    FileReadingAndMore: ' and {0} more',
  },
};
