/**
 * What OpenAI's strict structured outputs refuse in a JSON Schema, found anywhere in it: an object
 * whose properties are not all required or that allows others, and keywords strict mode does not
 * take (the answer is still held to them by zod).
 */
export function strictModeProblems(schema: unknown, path = 'schema'): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, index) => strictModeProblems(item, `${path}[${index}]`));
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const problems = ['$schema', 'minLength', 'maxLength', 'pattern', 'format', 'default']
    .filter((keyword) => keyword in node)
    .map((keyword) => `${path}: ${keyword}`);
  if (node.properties && typeof node.properties === 'object') {
    const keys = Object.keys(node.properties);
    if (JSON.stringify(node.required) !== JSON.stringify(keys)) problems.push(`${path}: not every property required`);
    if (node.additionalProperties !== false) problems.push(`${path}: additionalProperties is not false`);
  }
  return [...problems, ...Object.entries(node).flatMap(([key, value]) => strictModeProblems(value, `${path}.${key}`))];
}
