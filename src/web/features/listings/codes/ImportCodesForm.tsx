import { listingCodeMessages, MAX_CODES_PER_IMPORT } from '@shared/listing-codes';
import { plural } from '@shared/plural';
import { Button } from '@web/components/ui/button';
import { fieldClasses } from '@web/components/ui/input';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { FileUp, Upload, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { type ImportAnswer, useImportCodes } from './api';

/** The server takes up to this many lines an import; a longer paste is stopped here, before it is sent. */
const MAX_IMPORT_LINES = MAX_CODES_PER_IMPORT;

const countLines = (text: string) => text.split(/\r\n|\r|\n/).length;

/**
 * 'Adicionar códigos': paste one code a line or pick a CSV/TXT file, optionally 'Tudo ou nada'. The server answers
 * line by line; the refused lines stay on screen ('Linha 3: repetido no arquivo') until the next import.
 */
export function ImportCodesForm({ listingId }: { listingId: number }) {
  const id = useId();
  const importCodes = useImportCodes(listingId);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [allOrNothing, setAllOrNothing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<(ImportAnswer & { allOrNothing: boolean }) | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!file && text.trim() === '') return setProblem(listingCodeMessages.nothingToImport);
    if (!file && countLines(text.trimEnd()) > MAX_IMPORT_LINES)
      return setProblem(`Envie até ${MAX_IMPORT_LINES.toLocaleString('pt-BR')} linhas por importação.`);
    importCodes.mutate(
      { allOrNothing, ...(file ? { file } : { text }) },
      {
        onSuccess: (result) => {
          setAnswer({ ...result, allOrNothing });
          // The answer is read out where it shows (a live region), so no toast repeats it.
          if (result.imported > 0) {
            setText('');
            clearFile();
          }
        },
        onError: (error) =>
          setProblem(
            isApiError(error) && error.isClientError
              ? (error.fields.text ?? error.fields.arquivo ?? error.message)
              : 'Não foi possível importar os códigos. Tente novamente.',
          ),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id={`${id}-title`} className="font-display text-lg font-semibold tracking-wide text-fg">
        Adicionar códigos
      </h2>
      <p className="mt-1 text-sm text-muted">
        Cada código é guardado criptografado e só o comprador que pagar o recebe. Até{' '}
        {MAX_IMPORT_LINES.toLocaleString('pt-BR')} por vez.
      </p>

      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-text`} className="text-sm font-medium text-fg">
            Códigos (um por linha)
          </label>
          <textarea
            id={`${id}-text`}
            rows={6}
            value={text}
            disabled={Boolean(file) || importCodes.isPending}
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
            autoComplete="off"
            placeholder={'XXXX-XXXX-XXXX\nYYYY-YYYY-YYYY'}
            aria-describedby={file ? `${id}-file-note` : undefined}
            className={cn(fieldClasses, 'h-auto! min-h-32 resize-y px-3.5 py-2.5 font-mono text-sm')}
          />
        </div>

        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-file`} className="text-sm font-medium text-fg">
            Ou envie um arquivo CSV ou TXT
          </label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            disabled={importCodes.isPending}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="text-sm text-muted file:mr-3 file:rounded-lg file:border file:border-line-strong file:bg-surface-2 file:px-3 file:py-2 file:text-sm file:font-medium file:text-fg hover:file:bg-surface-3"
          />
          {file && (
            <p id={`${id}-file-note`} className="flex flex-wrap items-center gap-2 text-xs text-muted">
              <FileUp aria-hidden className="size-4" />
              Será importado o arquivo {file.name}, não o texto acima.
              <Button type="button" variant="ghost" size="sm" onClick={clearFile}>
                <X aria-hidden />
                Remover arquivo
              </Button>
            </p>
          )}
        </div>

        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            checked={allOrNothing}
            onChange={(event) => setAllOrNothing(event.target.checked)}
            disabled={importCodes.isPending}
            className="mt-0.5 size-4 accent-accent"
          />
          <span>
            <span className="font-medium text-fg">Tudo ou nada</span>
            <span className="block text-muted">Se alguma linha for recusada, nenhum código é importado.</span>
          </span>
        </label>

        {problem && (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-fg">
            {problem}
          </p>
        )}

        <Button type="submit" className="self-start" busy={importCodes.isPending}>
          {!importCodes.isPending && <Upload aria-hidden />}
          {importCodes.isPending ? 'Importando...' : 'Importar códigos'}
        </Button>
      </form>

      <div aria-live="polite">{answer && <ImportResult answer={answer} />}</div>
    </section>
  );
}

const importedLine = (n: number) => plural(n, 'código importado', 'códigos importados');

/** The import's answer: how many went in, then each refused line with its number and reason. */
function ImportResult({ answer }: { answer: ImportAnswer & { allOrNothing: boolean } }) {
  const { imported, refused } = answer;
  return (
    <div className="mt-5 flex flex-col gap-3 border-t border-line pt-5">
      <p className={cn('font-semibold', imported > 0 ? 'text-accent' : 'text-fg')}>
        {imported > 0
          ? importedLine(imported)
          : answer.allOrNothing && refused.length > 0
            ? 'Nenhum código importado: com “Tudo ou nada”, corrija as linhas abaixo e envie de novo.'
            : 'Nenhum código importado.'}
      </p>
      {refused.length > 0 && (
        <div>
          <p className="text-sm text-muted">
            {plural(refused.length, 'linha recusada', 'linhas recusadas')}:
          </p>
          <ul className="mt-2 max-h-64 overflow-y-auto rounded-xl border border-line bg-bg text-sm">
            {refused.map((row) => (
              <li key={row.line} className="border-t border-line px-3 py-2 first:border-t-0">
                <span className="font-semibold text-fg">Linha {row.line}:</span>{' '}
                <span className="text-muted">{row.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
