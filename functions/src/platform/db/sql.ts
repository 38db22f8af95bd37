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

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return name;
}

/**
 * SQL with its parameters where they are used: `sql\`update t set a = ${a} where id = ${id}\``
 * gives `update t set a = $1 where id = $2` and `[a, id]`. No placeholder is counted by hand,
 * so a column added to a list cannot shift the others. Values are always parameters; only
 * fragments made below (checked identifiers) become text.
 */
export function sql(strings: TemplateStringsArray, ...params: unknown[]): SqlStatement {
  const values: unknown[] = [];
  const placeholder: Placeholder = (value) => {
    values.push(value);
    return `$${values.length}`;
  };
  let text = strings[0] ?? '';
  params.forEach((param, index) => {
    text += param instanceof Fragment ? param.render(placeholder) : placeholder(param);
    text += strings[index + 1] ?? '';
  });
  return { text, values };
}

/** Column names, comma-separated: `insert into t (${sql.columns(names)})`. */
sql.columns = (names: readonly string[]) => new Fragment(() => names.map(identifier).join(', '));

/** One parameter per value, comma-separated: `values (${sql.values(list)})`. */
sql.values = (values: readonly unknown[]) => new Fragment((placeholder) => values.map(placeholder).join(', '));

/** `column = $n` pairs, comma-separated: `update t set ${sql.assignments(pairs)}`. */
sql.assignments = (pairs: readonly (readonly [string, unknown])[]) =>
  new Fragment((placeholder) =>
    pairs.map(([column, value]) => `${identifier(column)} = ${placeholder(value)}`).join(', '),
  );
