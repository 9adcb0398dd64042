import { flattenPermissions, Permissions } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { appGroups } from '../../navigation.ts';
import { effectivePermissions, previewConsole, routeResource, screenButtons } from './permission-preview.ts';

/** A permission and every permission under it, as ticking its node in the tree grants. */
const subtree = (name: string) => {
  const nodes = flattenPermissions();
  const under = (n: string): string[] => [n, ...nodes.filter((c) => c.parent === n).flatMap((c) => under(c.name))];
  return under(name);
};

const preview = (granted: Set<string>) => previewConsole((p) => granted.has(p));
const menuNames = (granted: Set<string>) =>
  preview(granted).menu.map((e) => (e.kind === 'group' ? `${e.group.name}:${e.children.map((c) => c.name).join(',')}` : e.page.name));
const page = (group: string, name: string) => appGroups.find((g) => g.name === group)!.children.find((c) => c.name === name)!;

describe('permission preview', () => {
  it('a role with the question bank gets the question screens and no setting group', () => {
    const granted = effectivePermissions([{ grantedPermissions: [Permissions.Pages, ...subtree(Permissions.Questions)] }], {}, 1);
    expect(menuNames(granted)).toEqual([
      'home_index',
      'reviewInbox',
      'testQuestions:testQuestion,testQuestionUs,testQuestionCensus,testQuestionTeacher',
    ]);
    const routes = preview(granted).routes.map((r) => r.page.path);
    expect(routes).toContain('/testQuestions/testQuestion');
    expect(routes.some((p) => p.startsWith('/setting'))).toBe(false);
    // The own space is a page of everyone's; the error page where refusals land is not listed as one to open.
    expect(routes).toContain('/own-space');
    expect(routes).not.toContain('/error-403');
    // Both steps of the two-step question flow (初审 by teachers' questions, 复审 by test questions), nothing else.
    expect(preview(granted).reviewSteps.map((s) => `${s.reviewable.clientKey}.${s.step.name}`)).toEqual([
      'testQuestion.first',
      'testQuestion.second',
    ]);
  });

  it('the group node alone opens no screen: the shell drops a group with no granted child', () => {
    const granted = effectivePermissions([{ grantedPermissions: [Permissions.Pages, Permissions.Questions] }], {}, 1);
    expect(menuNames(granted)).toEqual(['home_index']);
    expect(preview(granted).reviewSteps).toEqual([]);
  });

  it('a user with a role plus a direct grant gets both; a direct prohibition takes a role grant away', () => {
    const role = { grantedPermissions: [Permissions.Pages, Permissions.Articles, Permissions.ArticlesArticle] };
    const granted = effectivePermissions([role], { granted: [Permissions.Resources, Permissions.ResourcesResource] }, 1);
    expect(menuNames(granted)).toEqual(['home_index', 'articles:article', 'resources:resource']);
    const prohibited = effectivePermissions(
      [role],
      { granted: [Permissions.Resources, Permissions.ResourcesResource], prohibited: [Permissions.ArticlesArticle] },
      1,
    );
    expect(menuNames(prohibited)).toEqual(['home_index', 'resources:resource']);
  });

  it('keeps a tenant from the host-only permissions, the host not', () => {
    const role = { grantedPermissions: [Permissions.Pages, Permissions.Administration, Permissions.Tenants] };
    expect(effectivePermissions([role], {}, 1).has(Permissions.Tenants)).toBe(false);
    expect(effectivePermissions([role], {}, null).has(Permissions.Tenants)).toBe(true);
  });

  it("lists a screen's buttons by the list's own rules", async () => {
    const resource = (await routeResource(page('setting', 'keyword')))!;
    expect(resource.name).toBe('systemDictionary');
    const dictionaries = screenButtons(resource, (p) => p === Permissions.Dictionarys, false);
    expect([dictionaries.canCreate, dictionaries.canUpdate, dictionaries.canDelete]).toEqual([true, true, true]);
    const none = screenButtons(resource, () => false, false);
    expect([none.canCreate, none.canUpdate, none.canDelete]).toEqual([false, false, false]);
    // The review list of articles (a variant) has no create button, whatever is granted.
    const moderated = (await routeResource(page('articles', 'auditArticle')))!;
    expect(moderated.variantKey).toBe('moderated');
    expect(screenButtons(moderated, () => true, false).canCreate).toBe(false);
    // A hand-written screen has no resource.
    expect(await routeResource(page('setting', 'manager'))).toBeNull();
  });
});
