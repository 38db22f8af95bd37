/** A statement and its parameters, numbered in the order they appear. */
export interface SqlStatement {
  text: string;
  values: unknown[];
}

type Placeholder = (value: unknown) => string;

/** A piece of SQL that places its own parameters (a column list, a value list, assignments). */
class Fragment {
  constructor(readonly render: (placeholder: Placeholder) => string) {}
}

/** A column or table name, qualified by a table or alias or not (`u.unit_number`). */
const IDENTIFIER = /^[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)?$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return name;
}

/** A statement written with the tag: its text and values, and a piece another statement may contain. */
class Statement extends Fragment implements SqlStatement {
  readonly text: string;
  readonly values: unknown[];
  constructor(strings: TemplateStringsArray, params: unknown[]) {
    const render = (placeholder: Placeholder) => {
      let text = strings[0] ?? '';
      params.forEach((param, index) => {
        text += param instanceof Fragment ? param.render(placeholder) : placeholder(param);
        text += strings[index + 1] ?? '';
      });
      return text;
    };
    super(render);
    const values: unknown[] = [];
    this.text = render((value) => {
      values.push(value);
      return `$${values.length}`;
    });
    this.values = values;
  }
}

/**
 * SQL with its parameters where they are used: `sql\`update t set a = ${a} where id = ${id}\``
 * gives `update t set a = $1 where id = $2` and `[a, id]`. No placeholder is counted by hand,
 * so a column added to a list cannot shift the others. Values are always parameters; only
 * fragments become text: the checked identifiers below, and statements written with this same
 * tag (a column list, a condition), whose own values are numbered where they land.
 */
export function sql(strings: TemplateStringsArray, ...params: unknown[]): SqlStatement {
  return new Statement(strings, params);
}

/** A table or column name, checked, chosen by the code: `select ${sql.identifier(column)} from t`. */
sql.identifier = (name: string) => new Fragment(() => identifier(name));

/** Column names, comma-separated: `insert into t (${sql.columns(names)})`. */
sql.columns = (names: readonly string[]) => new Fragment(() => names.map(identifier).join(', '));

/** One parameter per value, comma-separated: `values (${sql.values(list)})`. */
sql.values = (values: readonly unknown[]) => new Fragment((placeholder) => values.map(placeholder).join(', '));

/** `column = $n` pairs, comma-separated: `update t set ${sql.assignments(pairs)}`. */
sql.assignments = (pairs: readonly (readonly [string, unknown])[]) =>
  new Fragment((placeholder) =>
    pairs.map(([column, value]) => `${identifier(column)} = ${placeholder(value)}`).join(', '),
  );

/** Statements written with this tag, one after another with `separator` between (`' and '`, `', '`). */
sql.join = (parts: readonly SqlStatement[], separator: string) =>
  new Fragment((placeholder) =>
    parts
      .map((part) => {
        if (!(part instanceof Fragment)) throw new Error('sql.join takes statements written with the sql tag');
        return part.render(placeholder);
      })
      .join(separator),
  );

/** A sort direction as chosen in a list: `order by ${column} ${sql.direction(direction)}`. */
sql.direction = (direction: 'asc' | 'desc') => new Fragment(() => (direction === 'asc' ? 'asc' : 'desc'));
