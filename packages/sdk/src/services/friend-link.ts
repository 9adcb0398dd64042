import { z } from 'zod';
import { WebUrl } from '../core/content.ts';
import { defineService } from '../core/define-service.ts';
import { abpEnum } from '../core/enums.ts';
import { AbpDateTime, crud } from '../core/schemas.ts';
import { declarePermissions, permission, withPermissions } from '../core/permission.ts';

/** 1 text link (文字链接), 2 image link (图片链接, needs a logo). */
export const LinkType = abpEnum({ Text: 1, Image: 2 }, 'Link type');

export const FriendLinkDto = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  logoUrl: z.string().nullable(),
  linkType: LinkType,
  sort: z.number().int(),
  isActive: z.boolean(),
  creationTime: AbpDateTime,
});
export type FriendLinkDto = z.infer<typeof FriendLinkDto>;

const friendLinkFields = z.object({
  name: z.string().trim().min(1).max(64),
  url: WebUrl,
  logoUrl: WebUrl.nullish(),
  linkType: LinkType.default(1),
  sort: z.number().int().min(0).max(9999).default(0),
  isActive: z.boolean().default(true),
});
const logoForImages = (v: { linkType?: number; logoUrl?: string | null }) => v.linkType !== 2 || !!v.logoUrl;
const logoMessage = { message: 'An image link needs a logo', path: ['logoUrl'] };

export const CreateFriendLinkInput = friendLinkFields.refine(logoForImages, logoMessage);
export const UpdateFriendLinkInput = friendLinkFields.extend({ id: z.number().int().min(1) }).refine(logoForImages, logoMessage);

/** The friend links' permission (the permission tree collects them from this service). */
export const FriendLinkPermissions = declarePermissions({
  Others: {
    FriendlyLink: permission('友情链接', 'Friend links', { order: 1 }),
  },
});

export const FriendLinkService = withPermissions(
  defineService('FriendLink', crud({ dto: FriendLinkDto, create: CreateFriendLinkInput, update: UpdateFriendLinkInput }), {
    access: FriendLinkPermissions.OthersFriendlyLink,
  }),
  FriendLinkPermissions,
);
