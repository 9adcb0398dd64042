import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * Validates the QTI export against the IMS schemas (tests only): QTI 2.1
 * items and tests against `imsqti_v2p1.xsd`, the package manifest against
 * IMS Content Packaging 1.1 (`imscp_v1p1.xsd`, with the IMS metadata schema it
 * imports). The schemas are in `src/import/fixtures/qti-xsd` (origin in its
 * README); libxml2's validator runs as WebAssembly (`xmllint-wasm`).
 */

const ROOT = fileURLToPath(new URL('../import/fixtures/qti-xsd/', import.meta.url));
export const QTI_ITEM_XSD = 'qtiv2p1/imsqti_v2p1.xsd';
export const CP_XSD = 'imscp_v1p1.xsd';

let schemas: Promise<XMLFileInfo[]> | null = null;
function allSchemas(): Promise<XMLFileInfo[]> {
  schemas ??= readdir(ROOT, { recursive: true }).then((names) =>
    Promise.all(
      names
        .filter((n) => n.endsWith('.xsd'))
        .map(async (n) => ({ fileName: n.split(path.sep).join('/'), contents: await readFile(path.join(ROOT, n), 'utf8') })),
    ),
  );
  return schemas;
}

/** The schema errors of each file (by its name), `[]` when valid; one validator run for all of them. */
export async function schemaErrors(files: ReadonlyArray<{ name: string; xml: string }>, schema: string): Promise<Record<string, string[]>> {
  const all = await allSchemas();
  const main = all.find((s) => s.fileName === schema);
  if (!main) throw new Error(`no schema ${schema}`);
  // Names as xmllint's file system takes them, mapped back for the report.
  const named = files.map((f, i) => ({ ...f, file: `doc-${i}.xml` }));
  const result = await validateXML({
    xml: named.map((f) => ({ fileName: f.file, contents: f.xml })),
    schema: main,
    preload: all.filter((s) => s !== main),
    maxMemoryPages: 4096,
  });
  const out = Object.fromEntries(files.map((f) => [f.name, [] as string[]]));
  for (const e of result.errors) {
    const file = named.find((f) => f.file === e.loc?.fileName);
    (out[file?.name ?? '?'] ??= []).push(e.message);
  }
  if (!result.valid && !result.errors.length) out['?'] = [result.rawOutput];
  return out;
}
