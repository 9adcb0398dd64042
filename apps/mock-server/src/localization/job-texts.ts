/** Texts of background jobs (kit/jobs.ts): their titles and the notification of their end; merged into the Education source. */
export const jobTexts = {
  'zh-Hans': {
    JobSucceeded: '后台任务“{0}”已完成。',
    JobSucceededWithReport: '后台任务“{0}”已完成，部分数据未处理，请下载报告查看原因。',
    JobFailed: '后台任务“{0}”失败：{1}',
    JobInternalError: '处理过程中发生内部错误。',
    JobInterrupted: '服务器重启，任务已中断，请重新提交。',
    JobTitleQuestionImport: '导入题目',
    JobTitlePaperImport: '导入试题到试卷',
  },
  en: {
    JobSucceeded: 'The background task "{0}" has finished.',
    JobSucceededWithReport: 'The background task "{0}" has finished; some data was not processed: download the report for the reasons.',
    JobFailed: 'The background task "{0}" failed: {1}',
    JobInternalError: 'An internal error occurred while processing.',
    JobInterrupted: 'The server restarted and the task was interrupted; please submit it again.',
    JobTitleQuestionImport: 'Import questions',
    JobTitlePaperImport: 'Import questions into the paper',
  },
} as const;
