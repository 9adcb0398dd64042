import { FriendLinkService, type FriendLinkDto } from '@edu/sdk';
import { crudHandlers, getDto, getOr404, type CrudConfig } from '../kit/crud.ts';
import { iso } from '../kit/paging.ts';
import { implement } from '../kit/register-service.ts';

type LinkRow = {
  id: number;
  name: string;
  url: string;
  logoUrl: string | null;
  linkType: number;
  sort: number;
  isActive: boolean;
  creationTime: Date;
};

const toDto = (r: LinkRow): FriendLinkDto => ({
  id: r.id,
  name: r.name,
  url: r.url,
  logoUrl: r.logoUrl,
  linkType: r.linkType as FriendLinkDto['linkType'],
  sort: r.sort,
  isActive: r.isActive,
  creationTime: iso(r.creationTime),
});

const links: CrudConfig<LinkRow, FriendLinkDto, { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string }> = {
  entityName: 'FriendLink',
  model: (ctx) => ctx.db.friendLink as never,
  toDto,
  keywordColumns: ['name', 'url'],
  sortable: { id: 'id', name: 'name', url: 'url', linkType: 'linkType', sort: 'sort', isActive: 'isActive', creationTime: 'creationTime' },
};

const columns = (input: { name: string; url: string; logoUrl?: string | null; linkType: number; sort: number; isActive: boolean }) => ({
  name: input.name,
  url: input.url,
  logoUrl: input.logoUrl ?? null,
  linkType: input.linkType,
  sort: input.sort,
  isActive: input.isActive,
});

const generic = crudHandlers(links);

export const friendLink = implement(FriendLinkService, {
  GetAll: generic.GetAll,
  Get: generic.Get,
  Create: async (input, ctx) => {
    const created = await ctx.db.friendLink.create({ data: { tenantId: ctx.session.tenantId as number, ...columns(input) } });
    return getDto(links, created.id, ctx);
  },
  Update: async (input, ctx) => {
    await getOr404(links, input.id, ctx);
    await ctx.db.friendLink.update({ where: { id: input.id }, data: columns(input) });
    return getDto(links, input.id, ctx);
  },
  Delete: generic.Delete,
});
