import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { assemblePath, isPaperList, PAPER_LISTS, paperIdParam, paperListPath } from './paper-api.ts';
import { PaperWorkbench } from './paper-workbench.tsx';

/**
 * The assembly page (routes `paperAssemble` and `homeworkAssemble`):
 * `/<group>/<list>/<id>/assemble`, `new` for a paper not saved yet, which
 * moves to its own address once saved. The list names the cell of a new
 * paper; a saved paper keeps its own.
 */
export default function PaperAssemblePage() {
  const { t } = useTranslation();
  const { list, id } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const paperId = paperIdParam(id);
  // The list must belong to the route's group (`/workPapers/testPaper/...` is no page), and only a manual list starts a paper by hand.
  if (
    !isPaperList(list) ||
    !pathname.startsWith(`${paperListPath(list)}/`) ||
    paperId === null ||
    (paperId === 'new' && PAPER_LISTS[list].assembly !== 1)
  )
    return (
      <Text color="fg.muted" data-testid="paper-not-found">
        {t('papers.notFound')}
      </Text>
    );
  return (
    <PaperWorkbench
      key={paperId}
      cell={PAPER_LISTS[list].cell}
      paperId={paperId === 'new' ? null : paperId}
      onCreated={(paper) => void navigate(assemblePath(list, paper.id), { replace: true })}
    />
  );
}
