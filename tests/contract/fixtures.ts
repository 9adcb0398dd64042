import { services, type Client, type Endpoint, type Service } from '@edu/sdk';
import { TEST_PASSWORD, unique } from './support/backend.ts';
import { editableText, sampleInput } from './support/sample.ts';

/**
 * How to make a valid create input of a CRUD service of the SDK, how to change
 * it for Update, and which side owns it: a row of `crudFixtures`, or for a
 * simple entity (plain columns, no references) one derived from its `Create`
 * schema (`fixtureOf`). The runner fails for a CRUD service it can make neither
 * for, so a new service cannot slip past the contract suite.
 */
export interface CrudFixture<Dto = any> {
  side: 'tenant' | 'host';
  create(client: Client): Promise<Record<string, unknown>> | Record<string, unknown>;
  update(dto: Dto): Record<string, unknown>;
  /** What Update must have changed, checked on the re-read DTO. */
  changed(dto: Dto): boolean;
  /** What must happen before the row may be deleted (a consumption: its full refund). */
  beforeDelete?(client: Client, dto: Dto): Promise<unknown>;
}

export const crudFixtures: Record<string, CrudFixture> = {
  user: {
    side: 'tenant',
    create: () => {
      const n = unique('ct');
      return { userName: n, name: '明', surname: '李', emailAddress: `${n}@example.edu.cn`, password: TEST_PASSWORD, isActive: true, roleNames: [] };
    },
    update: (dto) => ({ ...dto, name: '华', phoneNumber: '13800138000' }),
    changed: (dto) => dto.name === '华' && dto.phoneNumber === '13800138000',
  },
  role: {
    side: 'tenant',
    create: () => ({ name: unique('Role'), displayName: '合同测试角色', grantedPermissions: ['Pages'] }),
    update: (dto) => ({ ...dto, displayName: '已更新', grantedPermissions: ['Pages', 'Pages.Articles'] }),
    changed: (dto) => dto.displayName === '已更新' && dto.grantedPermissions.includes('Pages.Articles'),
  },
  tenant: {
    side: 'host',
    create: () => ({ tenancyName: unique('t'), name: '合同测试学校', adminEmailAddress: 'admin@contract.edu.cn', isActive: true }),
    update: (dto) => ({ ...dto, name: '已更名学校' }),
    changed: (dto) => dto.name === '已更名学校',
  },
  // Content structure. SystemDictionary has no `Delete` (its delete is `DELETE CreateKeywordAndCharacter`),
  // so the CRUD runner skips it; content-structure.contract.test.ts covers it.
  classificationType: {
    side: 'tenant',
    create: () => ({ name: unique('合同类型'), code: unique('ct'), sort: 90 }),
    update: (dto) => ({ ...dto, name: `${dto.name}改`, isActive: false }),
    changed: (dto) => dto.name.endsWith('改') && dto.isActive === false,
  },
  multiLevelCategory: {
    side: 'tenant',
    create: () => ({ classTypeId: 1, name: unique('合同分类'), code: 'contract', sort: 90 }),
    update: (dto) => ({ ...dto, name: `${dto.name}改`, description: '合同测试' }),
    changed: (dto) => dto.name.endsWith('改') && dto.description === '合同测试',
  },
  chapterType: {
    side: 'tenant',
    // A course category (class type 2) of its own, so the fixture works on any backend.
    create: async (client) => {
      const category = await client.multiLevelCategory.create({ classTypeId: 2, name: unique('合同课程') });
      return { categoryId: category.id, name: unique('第一章 '), sort: 1 };
    },
    update: (dto) => ({ ...dto, name: `${dto.name}改`, isActive: false }),
    changed: (dto) => dto.name.endsWith('改') && dto.isActive === false,
  },
  navigationMenu: {
    side: 'tenant',
    create: () => ({ name: unique('菜单'), url: '/contract', position: 2 }),
    update: (dto) => ({ ...dto, url: '/contract/updated', target: '_blank' }),
    changed: (dto) => dto.url === '/contract/updated' && dto.target === '_blank',
  },
  advertising: {
    side: 'tenant',
    // An ad position (a class type 8 category): the first listed, or one of its own.
    create: async (client) => {
      const [position] = await client.advertising.getAdvertisingCategoryList({});
      const categoryId = position?.id ?? (await client.multiLevelCategory.create({ classTypeId: 8, name: unique('合同广告位') })).id;
      return {
        title: unique('合同广告'),
        categoryId,
        imageUrl: '/uploads/ads/contract.jpg',
        startTime: '2026-01-01T00:00:00Z',
        endTime: '2026-12-31T00:00:00Z',
      };
    },
    update: (dto) => ({ ...dto, linkUrl: 'https://www.example.edu.cn/ad', isActive: false }),
    changed: (dto) => dto.linkUrl === 'https://www.example.edu.cn/ad' && dto.isActive === false,
  },
  friendLink: {
    side: 'tenant',
    create: () => ({ name: unique('友链'), url: 'https://contract.example.edu.cn' }),
    update: (dto) => ({ ...dto, linkType: 2, logoUrl: '/uploads/links/contract.png' }),
    changed: (dto) => dto.linkType === 2 && dto.logoUrl === '/uploads/links/contract.png',
  },
  article: {
    side: 'tenant',
    create: async (client) => ({
      title: unique('合同文章'),
      categoryId: await ownCategory(client, 1),
      content: '<p>合同测试正文</p>',
      author: '合同测试',
    }),
    update: (dto) => ({ ...dto, title: `${dto.title}改`, content: '<p>已更新</p>' }),
    changed: (dto) => dto.title.endsWith('改') && dto.content === '<p>已更新</p>' && dto.auditStatus === 0,
  },
  resource: {
    side: 'tenant',
    create: async (client) => ({
      title: unique('合同资源'),
      categoryId: await ownCategory(client, 5),
      fileUrl: '/files/contract.pdf',
      fileType: 'pdf',
      fileSize: 1024,
    }),
    update: (dto) => ({ ...dto, description: '已更新', fileSize: 2048 }),
    changed: (dto) => dto.description === '已更新' && dto.fileSize === 2048,
  },
  learningCourse: {
    side: 'tenant',
    create: async (client) => ({ title: unique('合同课程'), categoryId: await ownCategory(client, 2), content: '<p>课程内容</p>', sort: 1 }),
    update: (dto) => ({ ...dto, summary: '已更新', sort: 2 }),
    changed: (dto) => dto.summary === '已更新' && dto.sort === 2,
  },
  oneQuestionPerday: {
    side: 'tenant',
    create: () => ({ title: unique('合同每日一题'), content: '<p>1 + 1 = ?</p>', answer: '2', publishDate: '2026-11-23' }),
    update: (dto) => ({ ...dto, answer: '二', publishDate: '2026-11-24' }),
    changed: (dto) => dto.answer === '二' && dto.publishDate.startsWith('2026-11-23T16:00:00'),
  },
  // An empty manual paper (questions and random assembly: test-paper.contract.test.ts).
  testPaper: {
    side: 'tenant',
    create: async (client) => ({ title: unique('合同试卷'), categoryId: await ownCategory(client, 4), examMinutes: 90, sections: [] }),
    update: (dto) => ({ ...dto, title: `${dto.title}改`, examMinutes: 120 }),
    changed: (dto) => dto.title.endsWith('改') && dto.examMinutes === 120,
  },
  // Money: a pending WeChat Pay order can change and be deleted; a consumption only after its full refund.
  payment: {
    side: 'tenant',
    create: async (client) => ({ memberId: await someMember(client), amount: 1000, channel: 1 }),
    update: (dto) => ({ id: dto.id, amount: 2000, channel: 2, remark: '合同测试' }),
    changed: (dto) => dto.amount === 2000 && dto.channel === 2 && dto.status === 0,
  },
  consumption: {
    side: 'tenant',
    create: async (client) => {
      const memberId = await someMember(client);
      await client.payment.create({ memberId, amount: 500, channel: 3, remark: '合同测试充值' });
      return { memberId, itemType: 2, itemName: unique('合同试卷'), amount: 500 };
    },
    update: (dto) => ({ id: dto.id, itemName: `${dto.itemName}改`, remark: '合同测试' }),
    changed: (dto) => dto.itemName.endsWith('改') && dto.amount === 500,
    beforeDelete: (client, dto) =>
      client.consumption.refund({
        id: dto.id,
        amount: dto.amount,
        reason: '合同测试退款',
        requestNo: unique('refund').replace(/[^A-Za-z0-9_-]/g, ''),
      }),
  },
  discuss: {
    side: 'tenant',
    create: async (client) => {
      const article = (await client.article.getAll({ MaxResultCount: 1 })).items[0];
      if (!article) throw new Error('The tenant has no article to comment on');
      return { targetType: 1, targetId: article.id, content: unique('合同评论') };
    },
    update: (dto) => ({ id: dto.id, content: `${dto.content}改` }),
    changed: (dto) => dto.content.endsWith('改') && dto.auditStatus === 0,
  },
  leaveMessage: {
    side: 'tenant',
    create: () => ({ title: unique('合同留言'), content: '合同测试留言内容', messageType: 2, contact: '13800000000' }),
    update: (dto) => ({ id: dto.id, title: `${dto.title}改`, content: dto.content, messageType: 4, contact: null }),
    changed: (dto) => dto.title.endsWith('改') && dto.messageType === 4 && dto.contact === null,
  },
  questionOfAsk: {
    side: 'tenant',
    create: () => ({ title: unique('合同提问'), content: '二次函数的顶点坐标怎么求？' }),
    update: (dto) => ({ id: dto.id, title: `${dto.title}改`, content: dto.content, categoryId: null }),
    // Any edit sends the question back to review.
    changed: (dto) => dto.title.endsWith('改') && dto.auditStatus === 0,
  },
  siteMessage: {
    side: 'tenant',
    create: () => ({ title: unique('合同消息'), content: '合同测试站内消息', recipientKind: 3 }),
    // Recipients are fixed once sent: Update takes title and content only.
    update: (dto) => ({ id: dto.id, title: `${dto.title}改`, content: `${dto.content}（已更新）` }),
    changed: (dto) => dto.title.endsWith('改') && dto.content.endsWith('（已更新）') && dto.recipientKind === 3,
  },
};

/**
 * The fixture of a CRUD service: its row above, else one derived from its
 * `Create` input (`sampleInput`: the required members), owned by the tenant,
 * whose Update appends 改 to the first required plain text; undefined when
 * the schema has no such text.
 */
export function fixtureOf(key: string): CrudFixture | undefined {
  const listed = crudFixtures[key];
  if (listed) return listed;
  const endpoints: Readonly<Record<string, Endpoint>> | undefined = (services as Readonly<Record<string, Service>>)[key]?.endpoints;
  const create = endpoints?.Create?.input;
  const text = create && editableText(create);
  if (!create || !text) return undefined;
  return {
    side: 'tenant',
    create: () => sampleInput(create),
    update: (dto: Record<string, unknown>) => ({ ...dto, [text]: `${String(dto[text])}改` }),
    changed: (dto: Record<string, unknown>) => String(dto[text]).endsWith('改'),
  };
}

/** The first member (General identity) of the tenant. */
async function someMember(client: Client): Promise<number> {
  const member = (await client.user.getAllMembers({ MaxResultCount: 1 })).items[0];
  if (!member) throw new Error('The tenant has no member to book money for');
  return member.id;
}

/** A category of the class type made for the test, so content fixtures work on any backend and tenant. */
async function ownCategory(client: Client, classTypeId: number): Promise<number> {
  return (await client.multiLevelCategory.create({ classTypeId, name: unique('合同分类') })).id;
}
