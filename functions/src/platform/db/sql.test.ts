import { describe, expect, it } from 'vitest';
import { sql } from './sql';

describe('sql', () => {
  it('numbers the parameters in the order they appear, fragments included', () => {
    const columns = ['full_name', 'email'];
    const statement = sql`insert into registrations (id, ${sql.columns(columns)}, metadata)
      values (${'r-1'}, ${sql.values(['Ana', 'ana@example.com'])}, ${'{}'})`;
    expect(statement.text).toBe(`insert into registrations (id, full_name, email, metadata)
      values ($1, $2, $3, $4)`);
    expect(statement.values).toEqual(['r-1', 'Ana', 'ana@example.com', '{}']);
  });

  it('writes assignments, and a value is a parameter even when it looks like SQL', () => {
    const statement = sql`update t set ${sql.assignments([
      ['city', "Ronda'; drop table t; --"],
      ['postal_code', null],
    ])}, updated_at = now() where id = ${7}`;
    expect(statement.text).toBe('update t set city = $1, postal_code = $2, updated_at = now() where id = $3');
    expect(statement.values).toEqual(["Ronda'; drop table t; --", null, 7]);
  });

  it('refuses a column name that is not a plain identifier', () => {
    expect(() => sql`select ${sql.columns(['id; drop table t'])} from t`).toThrow('not a plain SQL identifier');
    expect(() => sql`update t set ${sql.assignments([['Name', 1]])}`).toThrow('not a plain SQL identifier');
  });
});
