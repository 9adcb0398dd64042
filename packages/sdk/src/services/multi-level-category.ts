import { z } from 'zod';
import { CascaderList } from '../core/content.ts';
import { defineService } from '../core/define-service.ts';
import { AbpDateTime, PagedQuery, crud, listResult } from '../core/schemas.ts';
import { declarePermissions, permission, withPermissions } from '../core/permission.ts';

/**
 * A node of a category tree (多级分类) of one classification type, any depth
 * (stage → subject → grade → ...). Moving a node (changing `parentId`) moves its
 * subtree; a node cannot move under itself or a descendant; a node with children
 * or used by content cannot be deleted (a clear 500 user-friendly error).
 */
export const MultiLevelCategoryDto = z.object({
  id: z.number().int(),
  classTypeId: z.number().int(),
  classTypeName: z.string().nullable(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  /** Names from the root, `小学 / 数学 / 一年级`. */
  fullName: z.string(),
  code: z.string().nullable(),
  sort: z.number().int(),
  /** 1 for roots. */
  level: z.number().int(),
  isActive: z.boolean(),
  description: z.string().nullable(),
  childCount: z.number().int(),
  creationTime: AbpDateTime,
});
export type MultiLevelCategoryDto = z.infer<typeof MultiLevelCategoryDto>;

export const CreateMultiLevelCategoryInput = z.object({
  classTypeId: z.number().int().min(1),
  parentId: z.number().int().min(1).nullish(),
  name: z.string().trim().min(1).max(64),
  code: z.string().trim().max(32).nullish(),
  sort: z.number().int().min(0).max(9999).default(0),
  isActive: z.boolean().default(true),
  description: z.string().max(500).nullish(),
});
export const UpdateMultiLevelCategoryInput = CreateMultiLevelCategoryInput.extend({ id: z.number().int().min(1) });

export const GetAllMultiLevelCategoryInput = PagedQuery.extend({
  ClassTypeId: z.number().int().min(1).optional(),
  /** Direct children of this node; 0 = the roots. Absent = every level. */
  ParentId: z.number().int().min(0).optional(),
});

/** `ClassTypeId` of the tree a cascader shows (5 = resources). */
export const CascaderQuery = z.object({ ClassTypeId: z.number().int().min(1) });

export const Crumb = z.object({ id: z.number().int(), name: z.string() });

/** The categories' permission and the chapters' (chapters hang on categories; ChapterType's readers include the question bank, which reads categories) (the permission tree collects them from this service). */
export const MultiLevelCategoryPermissions = declarePermissions({
  Administration: {
    MultiLevelCategorys: permission('多级分类', 'Multi-level categories', { order: 5 }),
    ChapterTypes: permission('章节管理', 'Chapters', { order: 7 }),
  },
});

export const MultiLevelCategoryService = withPermissions(
  defineService(
    'MultiLevelCategory',
    {
      ...crud({
        dto: MultiLevelCategoryDto,
        create: CreateMultiLevelCategoryInput,
        update: UpdateMultiLevelCategoryInput,
        query: GetAllMultiLevelCategoryInput,
      }),
      /**
       * Inferred: the course categories with the number of chapters set up under
       * each, for the chapter screen's category panel.
       */
      GetAllChapterTypeSetting: {
        input: z.object({}),
        output: listResult(
          z.object({
            categoryId: z.number().int(),
            categoryName: z.string(),
            fullName: z.string(),
            level: z.number().int(),
            chapterCount: z.number().int(),
          }),
        ),
        access: [MultiLevelCategoryPermissions.ChapterTypes, MultiLevelCategoryPermissions.MultiLevelCategorys],
        inferred: true,
      },
      /** Inferred: the path from the root to the node, and the node's siblings (its level), for the tree view. */
      GetSameLevelBreadCrumbs: {
        input: z.object({ Id: z.number().int().min(1) }),
        output: z.object({ breadcrumbs: z.array(Crumb), sameLevel: z.array(Crumb) }),
        inferred: true,
      },
      /** The whole active tree of a type, for pickers on any screen. */
      GetCascaderList: { input: CascaderQuery, output: CascaderList, access: 'authenticated' },
      /**
       * The tree limited to what the caller may manage in the back office (their
       * roles' category grants, subtrees included; ancestors kept, disabled, so
       * paths stay readable). Static Admin: everything.
       */
      GetBehindCascaderList: { input: CascaderQuery, output: CascaderList, access: 'authenticated' },
      /** Course categories with their chapters (`kind: 'chapter'`) as leaves. */
      GetChapterCascaderList: { input: z.object({}), output: CascaderList, access: 'authenticated' },
      /** The website-column tree (class type 6). */
      GetCascaderWebsiteList: { input: z.object({}), output: CascaderList, access: 'authenticated' },
      /** The school tree (class type 7: province / city / school). */
      GetCascaderSchool: { input: z.object({}), output: CascaderList, access: 'authenticated' },
    },
    { access: MultiLevelCategoryPermissions.MultiLevelCategorys },
  ),
  MultiLevelCategoryPermissions,
);
