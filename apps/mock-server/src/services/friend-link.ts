import { FriendLinkDto, FriendLinkService } from '@edu/sdk';
import { crudHandlers, getDto, getOr404, type ModelCrud, type RowOf } from '../kit/crud.ts';
import { dtoMapper } from '../kit/dto.ts';
import { tenantOf } from '../kit/context.ts';
import { implement } from '../kit/register-service.ts';

const dto = dtoMapper(FriendLinkDto);
const toDto = (r: RowOf<'FriendLink'>) => dto(r, { linkType: FriendLinkDto.shape.linkType.parse(r.linkType) });

const links: ModelCrud<'FriendLink', FriendLinkDto> = {
  entityName: 'FriendLink',
  model: (ctx) => ctx.db.friendLink,
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
    const created = await ctx.db.friendLink.create({ data: { tenantId: tenantOf(ctx), ...columns(input) } });
    return getDto(links, created.id, ctx);
  },
  Update: async (input, ctx) => {
    await getOr404(links, input.id, ctx);
    await ctx.db.friendLink.update({ where: { id: input.id }, data: columns(input) });
    return getDto(links, input.id, ctx);
  },
  Delete: generic.Delete,
});
