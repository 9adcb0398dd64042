import { SimpleGrid } from '@chakra-ui/react';
import type { TestPaperDto } from '@edu/sdk';
import { CascaderField, DateTimeField, NumberField, SelectField, TextField, TextareaField } from '@edu/ui';
import { useMemo } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { useApi } from '../../resources/index.ts';
import { ClassType, useCategoryTree } from '../../shared/categories.tsx';
import type { PaperCell } from './paper-api.ts';

/** The paper's own fields as the form holds them (`classNames` typed as one line, split on 、 , ， or spaces). */
export interface PaperFormValues {
  title: string;
  categoryId: number | null;
  description: string;
  examMinutes: number | null;
  dueTime: string | null;
  learningCourseId: number | null;
  classNames: string;
}

export const emptyPaperForm: PaperFormValues = {
  title: '',
  categoryId: null,
  description: '',
  examMinutes: null,
  dueTime: null,
  learningCourseId: null,
  classNames: '',
};

export function paperFormOf(paper: TestPaperDto): PaperFormValues {
  return {
    title: paper.title,
    categoryId: paper.categoryId,
    description: paper.description ?? '',
    examMinutes: paper.examMinutes,
    dueTime: paper.dueTime,
    learningCourseId: paper.learningCourseId,
    classNames: paper.classNames.join('、'),
  };
}

/**
 * The fields sent with Create, Update and CreateRandomGroup. Homework fields
 * go only with homework (the server refuses them on a paper); the category is
 * sent as picked (the server names it when missing).
 */
export function paperFieldsInput(values: PaperFormValues, cell: PaperCell) {
  const homework = cell.kind === 2;
  return {
    kind: cell.kind,
    isUniversity: cell.isUniversity,
    title: values.title,
    // 0 is never a category: the server answers "required" on categoryId.
    categoryId: values.categoryId ?? 0,
    description: values.description.trim() || null,
    examMinutes: values.examMinutes,
    ...(homework && {
      dueTime: values.dueTime,
      learningCourseId: values.learningCourseId,
      classNames: values.classNames
        .split(/[、,，\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    }),
  };
}

/** 试卷名称, 分类, 考试时长 (建议用时 for homework), 说明, and for homework 截止时间, 课程, 班级. Labels `papers.fields.*`. */
export function PaperFields({ control, cell }: { control: Control<PaperFormValues>; cell: PaperCell }) {
  const { t } = useTranslation();
  const tree = useCategoryTree(ClassType.Paper);
  const homework = cell.kind === 2;
  const courses = useApi(api.learningCourse.getAll, homework ? { MaxResultCount: 100 } : null, { silent: true });
  const courseOptions = useMemo(() => (courses.data?.items ?? []).map((c) => ({ value: c.id, label: c.title })), [courses.data]);
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
      <TextField control={control} name="title" label={t('papers.fields.title')} required maxLength={100} />
      <CascaderField control={control} name="categoryId" label={t('papers.fields.categoryId')} options={tree} changeOnSelect required />
      {/* A paper's time limit; homework has no limit, only a suggested time (the same field). */}
      <NumberField
        control={control}
        name="examMinutes"
        label={t(homework ? 'papers.fields.suggestedMinutes' : 'papers.fields.examMinutes')}
        min={1}
        max={1440}
        step={1}
      />
      {homework && (
        <>
          <DateTimeField control={control} name="dueTime" label={t('papers.fields.dueTime')} />
          <SelectField control={control} name="learningCourseId" label={t('papers.fields.learningCourseId')} options={courseOptions} />
          <TextField control={control} name="classNames" label={t('papers.fields.classNames')} helperText={t('papers.hints.classNames')} />
        </>
      )}
      <TextareaField control={control} name="description" label={t('papers.fields.description')} rows={2} maxLength={2000} />
    </SimpleGrid>
  );
}
