import {
  CreateLearningCourseInput,
  MAX_COURSE_LESSONS,
  Permissions,
  reviewables,
  UpdateLearningCourseInput,
  type LearningCourseDto,
  type LearningCourseListDto,
} from '@edu/sdk';
import { formatDateTimeUtc8, type SelectOption } from '@edu/ui';
import { useMemo } from 'react';
import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import { api } from '../../lib/client.ts';
import { defineResource, previewAction, useApi, type FieldCtx } from '../../resources/index.ts';
import { contentPreset, reviewColumn } from '../../shared/content-preset.tsx';
import { categoryColumn, categoryField, ClassType } from '../../shared/categories.tsx';

/** Chapters and sections of a category in their order (`ChapterType/GetList`), sections indented under their chapter. */
export function chapterOptions(list: ReadonlyArray<{ id: number; parentId: number | null; name: string }>): SelectOption[] {
  const out: SelectOption[] = [];
  for (const chapter of list.filter((c) => c.parentId === null)) {
    out.push({ value: chapter.id, label: chapter.name });
    for (const section of list.filter((c) => c.parentId === chapter.id)) out.push({ value: section.id, label: `\u3000└ ${section.name}` });
  }
  return out;
}

/** The chapter picker follows the category picked in the form. */
function useChapters(_ctx: FieldCtx<LearningCourseListDto>, control: Control<FieldValues>): SelectOption[] {
  const categoryId = useWatch({ control, name: 'categoryId' }) as number | null | undefined;
  const { data } = useApi(api.chapterType.getList, categoryId ? { CategoryId: categoryId } : null);
  return useMemo(() => chapterOptions(data ?? []), [data]);
}

const preview = previewAction<LearningCourseListDto, typeof LearningCourseDto>({
  get: api.learningCourse.get,
  title: (row) => row.title,
  meta: (row) => [row.categoryName, row.chapterName, row.creatorName, formatDateTimeUtc8(row.creationTime)],
  sections: (row) => [
    ...(row.summary ? [{ labelKey: 'resources.learningCourse.fields.summary', text: row.summary }] : []),
    ...(row.videoUrl ? [{ labelKey: 'resources.learningCourse.fields.videoUrl', text: row.videoUrl }] : []),
    { html: row.content },
  ],
});

/**
 * 课程: lessons of course categories (class type 2), each optionally on one of
 * the category's chapters. One declaration serves 课程管理 and 大学课程 (the
 * `university` variant: `IsUniversity` on the list, `isUniversity` on new
 * lessons) and 课程审核 (`moderated`).
 */
export const learningCourseResource = defineResource({
  name: 'learningCourse',
  service: api.learningCourse,
  rowLabel: (row) => row.title,
  columns: [
    { field: 'title', sortable: true, truncate: true, width: '260px' },
    categoryColumn<LearningCourseListDto>(ClassType.Course),
    { field: 'chapterName', truncate: true, width: '140px' },
    { field: 'creatorName' },
    reviewColumn<LearningCourseListDto>(reviewables.learningCourse),
    { field: 'sort', sortable: true, width: '72px' },
    { field: 'viewCount', sortable: true, width: '88px', align: 'end' },
    { field: 'creationTime', type: 'datetime', sortable: true },
  ],
  form: {
    create: CreateLearningCourseInput,
    update: UpdateLearningCourseInput,
    size: 'xl',
    defaults: { sort: 0 },
    fields: [
      { name: 'title', type: 'text', span: 2 },
      categoryField<LearningCourseListDto>(ClassType.Course),
      {
        name: 'chapterTypeId',
        type: 'select',
        useOptions: useChapters,
        dependsOn: 'categoryId',
        placeholderKey: 'resources.learningCourse.noChapter',
      },
      { name: 'videoUrl', type: 'url' },
      { name: 'sort', type: 'number', min: 0, max: 9999 },
      { name: 'coverImageUrl', type: 'image', span: 2 },
      { name: 'summary', type: 'textarea', rows: 2 },
      { name: 'content', type: 'richText', helpKey: 'content.review.editHint' },
      {
        name: 'lessons',
        type: 'list',
        maxItems: MAX_COURSE_LESSONS,
        item: {
          fields: [
            { name: 'title', type: 'text' },
            { name: 'videoUrl', type: 'url' },
            { name: 'durationMinutes', type: 'number', min: 0, max: 1440 },
            { name: 'isFree', type: 'switch' },
          ],
        },
      },
    ],
  },
  ...contentPreset(reviewables.learningCourse, api.learningCourse, {
    preview,
    variants: ['mine', 'moderated', 'university'],
    universityPermission: Permissions.ArticlesUniversityCourse,
  }),
});
