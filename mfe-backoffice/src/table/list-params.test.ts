import { registrationListQuery } from 'shared-api/backoffice';
import { describe, expect, it } from 'vitest';
import { listSearch, readListParams } from './list-params';

describe('list state in the URL', () => {
  it('reads a valid query and fills the defaults', () => {
    expect(readListParams(registrationListQuery, new URLSearchParams('stage=completed&page=2&search=ana'))).toEqual({
      stage: 'completed',
      search: 'ana',
      page: 2,
      sort: 'createdAt',
      direction: 'desc',
    });
  });

  it('drops only the fields a hand-edited URL spoilt', () => {
    expect(
      readListParams(registrationListQuery, new URLSearchParams('stage=nope&page=-3&sort=fullName&direction=asc')),
    ).toEqual({ sort: 'fullName', direction: 'asc', page: 1 });
  });

  it('writes only what differs from the defaults', () => {
    expect(
      listSearch(
        { stage: 'completed', page: 1, search: '', sort: 'createdAt' },
        { page: 1, sort: 'createdAt' },
      ).toString(),
    ).toBe('stage=completed');
  });
});
