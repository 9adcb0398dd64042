/** Texts of the site message service (services/site-message.ts), merged into the Education source. */
export const siteMessageTexts = {
  en: {
    SiteMessageUnknownUser: 'There is no such user in this tenant.',
    SiteMessageUnknownRole: 'There is no such role in this tenant.',
    SiteMessageEmptyRole: 'This role has no users besides you.',
    SiteMessageNotToYourself: 'You cannot send a message to yourself.',
    SiteMessageUnknownReply: 'This is not a member reply of this message.',
    SiteMessageReplied: '{0} replied to the site message "{1}": {2}',
    SiteMessageAnswered: 'The platform answered you on the site message "{0}": {1}',
    SiteMessageReplyTitle: 'New reply: {0}',
    SiteMessageRoleUsers: '{0} user(s)',
  },
  'zh-Hans': {
    SiteMessageUnknownUser: '本租户没有这个用户。',
    SiteMessageUnknownRole: '本租户没有这个角色。',
    SiteMessageEmptyRole: '该角色下除您之外没有用户。',
    SiteMessageNotToYourself: '不能给自己发送站内消息。',
    SiteMessageUnknownReply: '这不是本条消息下的会员回复。',
    SiteMessageReplied: '{0} 回复了站内消息《{1}》：{2}',
    SiteMessageAnswered: '平台在站内消息《{0}》中回复了您：{1}',
    SiteMessageReplyTitle: '新回复：{0}',
    SiteMessageRoleUsers: '{0} 名用户',
  },
};
