import type { Client } from '@edu/sdk';
import { TEST_PASSWORD, unique } from './support/backend.ts';

/**
 * One row per CRUD service of the SDK: how to make a valid create input, how to
 * change it for Update, and which side owns it. The runner fails for a CRUD
 * service without a row, so a new service cannot slip past the contract suite.
 */
export interface CrudFixture<Dto = any> {
  side: 'tenant' | 'host';
  create(client: Client): Promise<Record<string, unknown>> | Record<string, unknown>;
  update(dto: Dto): Record<string, unknown>;
  /** What Update must have changed, checked on the re-read DTO. */
  changed(dto: Dto): boolean;
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
};
