/**
 * Site messages of tenant Default: messages from the platform to
 * one member, to a role and to every member, some read and some not, with
 * reply threads (members' replies and the platform's answers, to everyone
 * and to one member). The admin receives a few too (the Admin role's notices,
 * a message addressed to admin), so the home card and the header bell show a
 * real unread count after a fresh start. Rules as the server's
 * (apps/mock-server/src/services/site-message.ts): kinds 1 and 2 get one
 * recipient row each; kind 3 only read receipts. Idempotent: nothing is added
 * when the tenant has messages.
 */
import type { PrismaClient } from '../generated/prisma/client.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type To = { user: string } | { role: string } | 'everyone';

interface ReplySeed {
  /** A member's user name, or `platform` (the sender). */
  by: string;
  content: string;
  /** A platform answer to this member's conversation (their reply before it). */
  to?: string;
  hoursAfter: number;
}

interface MessageSeed {
  title: string;
  content: string;
  to: To;
  sender: string;
  daysAgo: number;
  /** User names who have opened it. */
  readBy: readonly string[];
  replies?: readonly ReplySeed[];
}

const MESSAGES: readonly MessageSeed[] = [
  {
    title: '平台升级维护通知',
    content: '本周六 22:00 至周日 02:00 平台进行系统升级，期间在线考试与作业提交将暂停使用，请合理安排学习时间。给您带来的不便敬请谅解。',
    to: 'everyone',
    sender: 'admin',
    daysAgo: 12,
    readBy: ['huyuhang', 'guozihan', 'hexinyi', 'gaozixuan', 'linhaoran', 'zhengyutong', 'liangjiayi'],
    replies: [
      { by: 'guozihan', content: '升级期间已经开始的考试会保存进度吗？', hoursAfter: 3 },
      { by: 'platform', to: 'guozihan', content: '会的，系统每 30 秒自动保存一次答题进度，升级后可继续作答。', hoursAfter: 5 },
      { by: 'platform', content: '补充说明：升级完成后会第一时间在首页公告，谢谢大家的支持。', hoursAfter: 30 },
    ],
  },
  {
    title: '期末考试安排及注意事项',
    content:
      '各位同学：期末考试将于 1 月 15 日至 1 月 17 日进行，具体科目时间见考试日历。\n请提前 15 分钟登录平台，确认摄像头与网络正常；考试期间请勿切换窗口。',
    to: 'everyone',
    sender: 'wangjianguo',
    daysAgo: 6,
    readBy: ['huyuhang', 'hexinyi', 'xiejunjie'],
    replies: [
      { by: 'hexinyi', content: '请问英语听力部分可以重复播放吗？', hoursAfter: 2 },
      { by: 'xiejunjie', content: '我的摄像头坏了，可以用手机参加考试吗？', hoursAfter: 4 },
      { by: 'platform', to: 'xiejunjie', content: '可以使用手机浏览器登录，请提前在“设备检测”中测试一次。', hoursAfter: 6 },
    ],
  },
  {
    title: '您的作业已批改',
    content: '胡宇航同学，你提交的《一元一次方程》练习已批改完成，得分 92 分，请查看老师的评语并订正错题。',
    to: { user: 'huyuhang' },
    sender: 'zhaolei',
    daysAgo: 3,
    readBy: ['huyuhang'],
    replies: [
      { by: 'huyuhang', content: '谢谢老师！第 8 题我还是不太明白，可以再讲一下吗？', hoursAfter: 1 },
      { by: 'platform', content: '第 8 题先移项再合并同类项，明天课上我们再详细讲一遍。', hoursAfter: 2 },
    ],
  },
  {
    title: '学习进度提醒',
    content: '郭子涵同学，你本周的课程学习进度为 40%，低于班级平均水平，请合理安排时间完成剩余课时。',
    to: { user: 'guozihan' },
    sender: 'zhaolei',
    daysAgo: 1,
    readBy: [],
  },
  {
    title: '教研组期末命题会议',
    content: '请各位老师于本周四下午 3 点到三楼会议室参加期末命题会议，并带上本学科的命题双向细目表。',
    to: { role: 'Teacher' },
    sender: 'admin',
    daysAgo: 4,
    readBy: ['zhaolei', 'huangli', 'zhoujie', 'wumin'],
    replies: [],
  },
  {
    title: '试题审核积压提醒',
    content: '目前题库中有多道试题等待审核，请管理员在本周内处理完毕，以免影响组卷。',
    to: { role: 'Admin' },
    sender: 'wangjianguo',
    daysAgo: 2,
    readBy: ['lishufen'],
  },
  {
    title: '新学期会员权益说明',
    content: '新学期起，会员可免费参加每月一次的全真模拟考试，并获得个性化的错题分析报告。',
    to: { user: 'admin' },
    sender: 'wangjianguo',
    daysAgo: 0.5,
    readBy: [],
  },
  {
    title: '寒假线上学习营报名开始',
    content: '寒假线上学习营现已开放报名，涵盖语文、数学、英语三科，每天 2 小时直播 + 课后练习，名额有限，先到先得。',
    to: 'everyone',
    sender: 'admin',
    daysAgo: 0.2,
    readBy: [],
  },
];

export async function seedSiteMessages(prisma: PrismaClient, tenantId: number, now: Date): Promise<void> {
  if (await prisma.siteMessage.count({ where: { tenantId } })) return;
  const users = await prisma.user.findMany({
    where: { tenantId, isDeleted: false },
    select: { id: true, userName: true, identity: true, creationTime: true },
  });
  const byName = new Map(users.map((u) => [u.userName, u]));
  const roles = await prisma.role.findMany({ where: { tenantId }, select: { id: true, name: true, users: { select: { userId: true } } } });
  const id = (userName: string) => {
    const u = byName.get(userName);
    if (!u) throw new Error(`seed: no user ${userName}`);
    return u.id;
  };

  await prisma.$transaction(async (tx) => {
    const recipients: Array<{ tenantId: number; messageId: number; userId: number; readTime: Date | null; creationTime: Date }> = [];
    const replies: Array<{
      tenantId: number;
      messageId: number;
      content: string;
      fromPlatform: boolean;
      memberUserId: number | null;
      creatorUserId: number;
      creationTime: Date;
      parentKey: string | null;
    }> = [];
    for (const s of MESSAGES) {
      const sent = new Date(now.getTime() - s.daysAgo * DAY_MS);
      const sender = id(s.sender);
      const role = typeof s.to === 'object' && 'role' in s.to ? roles.find((r) => r.name === (s.to as { role: string }).role) : undefined;
      const targets =
        s.to === 'everyone'
          ? []
          : 'user' in s.to
            ? [id(s.to.user)]
            : (role?.users.map((u) => u.userId) ?? []).filter((u) => u !== sender && users.some((x) => x.id === u));
      const sends = s.replies ?? [];
      const last = sends.length ? new Date(sent.getTime() + sends[sends.length - 1]!.hoursAfter * HOUR_MS) : null;
      const m = await tx.siteMessage.create({
        data: {
          tenantId,
          title: s.title,
          content: s.content,
          recipientKind: s.to === 'everyone' ? 3 : 'user' in s.to ? 1 : 2,
          recipientUserId: s.to !== 'everyone' && 'user' in s.to ? id(s.to.user) : null,
          recipientRoleId: role?.id ?? null,
          recipientCount: targets.length,
          replyCount: sends.length,
          lastReplyTime: last,
          creationTime: sent,
          creatorUserId: sender,
        },
      });
      const readAt = (i: number) => new Date(Math.min(now.getTime(), sent.getTime() + (i + 1) * 0.7 * HOUR_MS));
      if (s.to === 'everyone') {
        // Receipts only for members registered by then (the server's rule), read within hours.
        s.readBy.forEach((name, i) => {
          const u = byName.get(name);
          if (u && u.identity === 1 && u.creationTime <= sent)
            recipients.push({ tenantId, messageId: m.id, userId: u.id, readTime: readAt(i), creationTime: readAt(i) });
        });
      } else {
        for (const userId of targets) {
          const i = s.readBy.findIndex((n) => byName.get(n)?.id === userId);
          recipients.push({ tenantId, messageId: m.id, userId, readTime: i >= 0 ? readAt(i) : null, creationTime: sent });
        }
      }
      for (const r of sends) {
        const platform = r.by === 'platform';
        const member = platform ? (r.to ? id(r.to) : null) : id(r.by);
        replies.push({
          tenantId,
          messageId: m.id,
          content: r.content,
          fromPlatform: platform,
          memberUserId: member,
          creatorUserId: platform ? sender : id(r.by),
          creationTime: new Date(sent.getTime() + r.hoursAfter * HOUR_MS),
          parentKey: platform && r.to ? `${m.id}:${r.to}` : null,
        });
      }
    }
    await tx.siteMessageRecipient.createMany({ data: recipients });
    // Replies in order, so a platform answer can point at the member reply before it.
    const lastMemberReply = new Map<string, number>();
    for (const { parentKey, ...r } of replies) {
      const created = await tx.siteMessageReply.create({
        data: { ...r, parentReplyId: parentKey ? (lastMemberReply.get(parentKey) ?? null) : null },
      });
      if (!r.fromPlatform && r.memberUserId !== null) {
        const name = users.find((u) => u.id === r.memberUserId)!.userName;
        lastMemberReply.set(`${r.messageId}:${name}`, created.id);
      }
    }
  });
}
