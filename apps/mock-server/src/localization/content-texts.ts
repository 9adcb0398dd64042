/** Texts of the content mechanism (kit/content.ts), merged into the Education source. */
export const contentTexts = {
  en: {
    RichTextEmpty: 'The content is empty once unsafe markup is removed.',
    ContainsSensitiveWord: 'Contains the sensitive word "{0}".',
    CategoryRequired: 'Choose a category.',
    AlreadyApproved: 'This item is already approved.',
    AlreadyRejected: 'This item is already rejected.',
    CannotReviewOwnContent: 'You cannot review your own item; another reviewer must decide.',
    RejectionNeedsReason: 'Give a reason for the rejection.',
    ContentReviewedTitle: 'Review result',
    ContentApproved: 'Your {0} "{1}" was approved.',
    ContentRejected: 'Your {0} "{1}" was rejected: {2}',
    ChapterNotInCategory: 'The chapter does not belong to the chosen category.',
  },
  'zh-Hans': {
    RichTextEmpty: '去除不安全的内容后正文为空。',
    ContainsSensitiveWord: '包含敏感词“{0}”。',
    CategoryRequired: '请选择分类。',
    AlreadyApproved: '该内容已审核通过。',
    AlreadyRejected: '该内容已被驳回。',
    CannotReviewOwnContent: '不能审核自己提交的内容，请由其他审核人处理。',
    RejectionNeedsReason: '请填写驳回原因。',
    ContentReviewedTitle: '审核结果',
    ContentApproved: '您的{0}《{1}》已审核通过。',
    ContentRejected: '您的{0}《{1}》未通过审核：{2}',
    ChapterNotInCategory: '所选章节不属于该分类。',
  },
};
