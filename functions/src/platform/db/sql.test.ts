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

  it('splices a statement written with the tag, its values numbered where they land', () => {
    const COLUMNS = sql`id::text as id, starts_at`;
    const booked = sql`status = ${'booked'} and starts_at >= ${'2026-11-27'}`;
    const statement = sql`select ${COLUMNS} from visits where room = ${3} and ${booked} limit ${5}`;
    expect(statement.text).toBe(
      'select id::text as id, starts_at from visits where room = $1 and status = $2 and starts_at >= $3 limit $4',
    );
    expect(statement.values).toEqual([3, 'booked', '2026-11-27', 5]);
    // A string is never text: a column list typed as a string stays a parameter.
    expect(sql`select ${'id; drop table t'} from t`.text).toBe('select $1 from t');
  });

  it('refuses a column name that is not a plain identifier', () => {
    expect(() => sql`select ${sql.identifier('id; drop table t')} from t`).toThrow('not a plain SQL identifier');
    expect(() => sql`update t set ${sql.assignments([['Name', 1]])}`).toThrow('not a plain SQL identifier');
  });

  it('joins conditions written with the tag, and writes a checked name, a qualified one and a direction', () => {
    const where = [sql`u.status = ${'available'}`, sql`u.product_id = ${4}`];
    const statement = sql`select 1 from units u where ${sql.join(where, ' and ')}
      order by ${sql.identifier('u.unit_number')} ${sql.direction('desc')} limit ${10}`;
    expect(statement.text.replace(/\s+/g, ' ')).toBe(
      'select 1 from units u where u.status = $1 and u.product_id = $2 order by u.unit_number desc limit $3',
    );
    expect(statement.values).toEqual(['available', 4, 10]);
    expect(sql`order by id ${sql.direction('asc')}`.text).toBe('order by id asc');
    expect(() => sql`${sql.join(['1 = 1' as never], ' and ')}`).toThrow('written with the sql tag');
    expect(() => sql`${sql.identifier('u.id.x')}`).toThrow('not a plain SQL identifier');
  });
});
