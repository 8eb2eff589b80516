import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The rules that fire on `code` as if it were the file at `file` (relative to the repository). */
export async function rulesFiredOn(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  return result!.messages.map((message) => `${message.severity === 2 ? 'error' : 'warn'} ${message.ruleId}`);
}
