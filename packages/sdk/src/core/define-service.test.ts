import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { abpVerb, clientMethodName, defineService, requiredPermissions } from './define-service.ts';

describe('abpVerb (ABP ProxyScriptingHelper rule)', () => {
  it.each([
    ['GetAll', 'GET'],
    ['getAllTreePermissions', 'GET'],
    ['Update', 'PUT'],
    ['UpdateTestPaperIsShow', 'PUT'],
    ['PutSomething', 'PUT'],
    ['Delete', 'DELETE'],
    ['DeletePaperOfQuestion', 'DELETE'],
    ['RemoveItem', 'DELETE'],
    ['PatchIt', 'PATCH'],
    ['Create', 'POST'],
    ['InsertRow', 'POST'],
    ['ChangeLanguage', 'POST'],
    ['ImprotQuestionOfPaper', 'POST'],
    ['changeUserIdentity', 'POST'],
    ['IsTenantAvailable', 'POST'],
  ] as const)('%s -> %s', (method, verb) => expect(abpVerb(method)).toBe(verb));
});

describe('defineService', () => {
  const svc = defineService(
    'SystemDictionary',
    {
      GetAll: { input: z.object({}), output: z.null() },
      CreateKeywordAndCharacter: { input: z.object({ name: z.string() }), output: z.null() },
      DeleteKeywordAndCharacter: {
        input: z.object({ Id: z.number() }),
        output: z.null(),
        verb: 'DELETE',
        action: 'CreateKeywordAndCharacter',
      },
      Open: { input: z.object({}), output: z.null(), access: 'anonymous' },
    },
    { access: 'Pages.Administration.Dictionarys' },
  );

  it('builds ABP paths and input locations', () => {
    expect(svc.endpoints.GetAll).toMatchObject({ verb: 'GET', path: '/api/services/app/SystemDictionary/GetAll', inputIn: 'query' });
    expect(svc.endpoints.CreateKeywordAndCharacter).toMatchObject({ verb: 'POST', inputIn: 'body' });
  });

  it('supports the spec exception of two verbs on one path', () => {
    expect(svc.endpoints.DeleteKeywordAndCharacter).toMatchObject({
      verb: 'DELETE',
      path: '/api/services/app/SystemDictionary/CreateKeywordAndCharacter',
      inputIn: 'query',
    });
  });

  it('applies the service access rule unless overridden', () => {
    expect(svc.endpoints.GetAll.access).toBe('Pages.Administration.Dictionarys');
    expect(svc.endpoints.Open.access).toBe('anonymous');
    expect(requiredPermissions('anonymous')).toEqual([]);
    expect(requiredPermissions(['a', 'b'])).toEqual(['a', 'b']);
  });

  it('names client methods in camelCase', () => {
    expect(clientMethodName('GetAll')).toBe('getAll');
    expect(clientMethodName('changeUserIdentity')).toBe('changeUserIdentity');
  });
});
