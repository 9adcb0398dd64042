/** Texts of member comments and leave messages (services/discuss.ts, services/leave-message.ts), merged into the Education source. */
export const feedbackTexts = {
  en: {
    FeedbackDateRange: 'The end date must not be before the start date.',
    DiscussTargetNotFound: 'The item commented on does not exist or has been deleted.',
    DiscussParentMismatch: 'The comment replied to does not exist or is on another item.',
    LeaveMessageAnswered: 'The platform answered your message "{0}": {1}',
    LeaveMessageAnsweredTitle: 'Your message was answered',
  },
  'zh-Hans': {
    FeedbackDateRange: '结束日期不能早于开始日期。',
    DiscussTargetNotFound: '评论的对象不存在或已删除。',
    DiscussParentMismatch: '回复的评论不存在，或不是同一对象下的评论。',
    LeaveMessageAnswered: '平台回复了您的留言《{0}》：{1}',
    LeaveMessageAnsweredTitle: '留言已回复',
  },
};
