/** Texts of questions and answers (services/question-of-ask.ts), merged into the Education source. */
export const askTexts = {
  'zh-Hans': {
    AskNotApproved: '问题尚未通过审核，不能回复。',
    AskReplyOfOtherThread: '该回答不属于这个问题。',
    AskReplyNotApproved: '只能采纳已通过审核的回答。',
  },
  en: {
    AskNotApproved: 'The question is not approved yet; it cannot be answered.',
    AskReplyOfOtherThread: 'The reply is not part of this thread.',
    AskReplyNotApproved: 'Only an approved reply can be accepted.',
  },
};
