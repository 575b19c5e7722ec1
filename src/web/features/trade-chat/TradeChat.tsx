import { type ChatItem, MAX_CHAT_MESSAGE_LENGTH } from '@shared/trade-chat';
import { tradeChatMessages as m } from '@shared/trade-chat-messages';
import { type TradeView, tradeRoleLabels } from '@shared/trades';
import { Button } from '@web/components/ui/button';
import { useMe } from '@web/features/accounts/api';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { formatDayMonthTime, formatTime } from '@web/lib/format';
import { ArrowDown, ImagePlus, Send, ShieldAlert, X } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useMarkChatRead, useSendChatMessage, useTradeChat } from './api';
import { useLiveChat } from './live';

/** '14:05' today, '23/11, 14:05' on another day. */
function timeOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toDateString() === new Date().toDateString() ? formatTime(date) : formatDayMonthTime(date);
}

/** Within this many pixels of the bottom the list counts as "at the newest" and follows new messages. */
const STICK_PX = 48;
const keyOf = (item: ChatItem) => `${item.type}-${item.id}`;

/**
 * The trade's chat (docs/decisions/013-trade-chat.md): the parties' and staff's messages with the steps between
 * them, warning lines when a contact off the platform is typed, read marks, a composer (Enter sends, Shift+Enter
 * breaks the line, one image), live through the socket. Self-contained: the room mounts it with the trade.
 */
export function TradeChat({ trade }: { trade: TradeView }) {
  const tradeId = trade.id;
  useLiveChat(tradeId);
  const me = useMe();
  const chat = useTradeChat(tradeId);
  const markRead = useMarkChatRead(tradeId);
  const headingId = useId();
  const listRef = useRef<HTMLElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const [announcement, setAnnouncement] = useState('');

  const pages = chat.data?.pages ?? [];
  const newest = pages[0];
  // Pages come newest first, each oldest first inside; one timeline without repeats.
  const items = useMemo(() => {
    const seen = new Set<string>();
    const all: ChatItem[] = [];
    for (const page of [...pages].reverse()) {
      for (const item of page.items) {
        if (seen.has(keyOf(item))) continue;
        seen.add(keyOf(item));
        all.push(item);
      }
    }
    return all;
  }, [pages]);
  const myId = me.data?.id ?? null;
  const othersRead = Math.max(0, ...(newest?.readMarks.map((mark) => mark.lastReadId) ?? []));
  const newestMessageId = Math.max(0, ...items.flatMap((item) => (item.type === 'message' ? [item.id] : [])));
  const unread = newest?.unread ?? 0;

  // New lines from others are announced politely, once each.
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (!newest) return;
    const fresh = items.filter(
      (item): item is Extract<ChatItem, { type: 'message' }> =>
        item.type === 'message' &&
        item.id > (announced.current ?? Number.POSITIVE_INFINITY) &&
        item.author?.id !== myId,
    );
    announced.current = Math.max(announced.current ?? 0, newestMessageId);
    const last = fresh.at(-1);
    if (!last) return;
    setAnnouncement(
      last.kind === 'warning'
        ? last.body
        : `Nova mensagem de ${last.author?.name ?? 'Mercado Gamer'}: ${last.body || 'imagem'}`,
    );
  }, [items, newest, newestMessageId, myId]);

  // Follow the newest line unless the reader scrolled up; an older page keeps the reader where they were.
  const heightBefore = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the lines (items).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (heightBefore.current !== null) {
      list.scrollTop += list.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    } else if (atBottom) {
      list.scrollTop = list.scrollHeight;
    }
  }, [items, atBottom]);

  // An image that loads after its line grows the list: stay at the newest if the reader was there.
  const atBottomRef = useRef(atBottom);
  atBottomRef.current = atBottom;
  const onMediaLoad = useCallback(() => {
    const list = listRef.current;
    if (list && atBottomRef.current) list.scrollTop = list.scrollHeight;
  }, []);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    setAtBottom(list.scrollHeight - list.scrollTop - list.clientHeight < STICK_PX);
  };

  // What the reader sees at the bottom of an open tab, with the chat on screen, is read.
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof IntersectionObserver === 'undefined') return setOnScreen(true);
    const observer = new IntersectionObserver(([entry]) => setOnScreen(Boolean(entry?.isIntersecting)), {
      threshold: 0.3,
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);
  const { mutate: mark, isPending: marking } = markRead;
  const lastReadId = newest?.lastReadId ?? 0;
  const markSeen = useCallback(() => {
    if (!atBottom || !onScreen || marking || document.visibilityState !== 'visible') return;
    if (newestMessageId > lastReadId && unread > 0) mark(newestMessageId);
  }, [atBottom, onScreen, marking, newestMessageId, lastReadId, unread, mark]);
  useEffect(() => {
    markSeen();
    document.addEventListener('visibilitychange', markSeen);
    return () => document.removeEventListener('visibilitychange', markSeen);
  }, [markSeen]);

  const loadOlder = () => {
    heightBefore.current = listRef.current?.scrollHeight ?? null;
    void chat.fetchNextPage();
  };
  const jumpToNewest = () => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
    setAtBottom(true);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-2xl border border-line bg-surface"
    >
      <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-4 sm:px-6">
        <h2 id={headingId} className="font-display text-lg font-semibold tracking-wide text-fg">
          Chat da intermediação
        </h2>
        {unread > 0 && (
          <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-fg">
            {unread === 1 ? '1 nova' : `${unread} novas`}
            <span className="sr-only">{unread === 1 ? ' mensagem não lida' : ' mensagens não lidas'}</span>
          </span>
        )}
      </div>
      <p className="border-b border-line px-5 py-2 text-xs text-muted sm:px-6">
        Só o comprador, o vendedor e a equipe leem esta conversa. Combine tudo por aqui: negociar fora da
        plataforma anula a proteção.
      </p>

      <div className="relative">
        <section
          ref={listRef}
          onScroll={onScroll}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling list must be reachable by keyboard.
          tabIndex={0}
          aria-label="Mensagens"
          className="flex h-[26rem] flex-col gap-3 overflow-y-auto px-4 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent sm:px-6 lg:h-[30rem]"
        >
          {chat.hasNextPage && (
            <Button
              variant="ghost"
              size="sm"
              className="self-center"
              busy={chat.isFetchingNextPage}
              onClick={loadOlder}
            >
              Carregar mensagens anteriores
            </Button>
          )}
          {chat.isPending ? (
            <p className="m-auto text-sm text-muted">Carregando mensagens…</p>
          ) : chat.isError && items.length === 0 ? (
            <p role="alert" className="m-auto text-sm text-danger">
              {isApiError(chat.error) ? chat.error.message : m.loadFailed}
            </p>
          ) : items.length === 0 ? (
            <p className="m-auto max-w-xs text-center text-sm text-muted">
              Nenhuma mensagem ainda. Diga olá e combine os detalhes da entrega por aqui.
            </p>
          ) : (
            <ol className="mt-auto flex flex-col gap-3">
              {items.map((item) => (
                <li key={keyOf(item)} className="flex flex-col">
                  <ChatLine item={item} myId={myId} readByOthers={othersRead} onMediaLoad={onMediaLoad} />
                </li>
              ))}
            </ol>
          )}
        </section>
        {!atBottom && (
          <Button
            size="sm"
            variant="secondary"
            className="absolute bottom-3 left-1/2 -translate-x-1/2 shadow-lg"
            onClick={jumpToNewest}
          >
            <ArrowDown aria-hidden />
            Ir para as mais recentes
          </Button>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {newest && !newest.canWrite ? (
        <p className="border-t border-line px-5 py-4 text-sm text-muted sm:px-6">{m.closed}</p>
      ) : (
        <Composer tradeId={tradeId} onSent={jumpToNewest} />
      )}
    </section>
  );
}

function ChatLine({
  item,
  myId,
  readByOthers,
  onMediaLoad,
}: {
  item: ChatItem;
  myId: string | null;
  readByOthers: number;
  onMediaLoad: () => void;
}) {
  if (item.type === 'step') {
    return (
      <p className="mx-auto max-w-[90%] rounded-full bg-surface-2 px-3 py-1 text-center text-xs text-muted">
        <span className="font-semibold text-fg">Etapa:</span> {item.text}
        {' · '}
        <time dateTime={item.createdAt}>{timeOf(item.createdAt)}</time>
      </p>
    );
  }
  if (item.kind === 'warning' || !item.author) {
    return (
      <div className="flex gap-2 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm text-fg">
        <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
        <p>
          <span className="sr-only">Aviso do Mercado Gamer: </span>
          {item.body}
        </p>
      </div>
    );
  }
  const own = item.author.id === myId;
  const role = tradeRoleLabels[item.author.role];
  return (
    <div
      className={cn('flex max-w-[85%] flex-col gap-1', own ? 'items-end self-end' : 'items-start self-start')}
    >
      <p className="text-xs text-muted">
        <span className="font-semibold text-fg">{own ? 'Você' : item.author.name}</span> · {role}
      </p>
      <div
        className={cn(
          'flex flex-col gap-2 rounded-2xl px-3.5 py-2.5 text-sm break-words whitespace-pre-wrap',
          own ? 'rounded-br-sm bg-accent-soft text-fg' : 'rounded-bl-sm bg-surface-3 text-fg',
        )}
      >
        {item.imageUrl && (
          <a
            href={`${item.imageUrl}?w=1280`}
            target="_blank"
            rel="noopener"
            className="block overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            <img
              src={`${item.imageUrl}?w=320`}
              alt={`Imagem enviada por ${own ? 'você' : item.author.name} (abrir em tamanho real)`}
              loading="lazy"
              onLoad={onMediaLoad}
              className="max-h-60 w-auto max-w-full object-contain"
            />
          </a>
        )}
        {item.body && <p>{item.body}</p>}
      </div>
      <p className="text-xs text-muted">
        <time dateTime={item.createdAt}>{timeOf(item.createdAt)}</time>
        {own && <> · {item.id <= readByOthers ? 'Lida' : 'Enviada'}</>}
      </p>
    </div>
  );
}

function Composer({ tradeId, onSent }: { tradeId: number; onSent: () => void }) {
  const send = useSendChatMessage(tradeId);
  const [body, setBody] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const textareaId = useId();
  const errorId = useId();
  const hintId = useId();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    const text = body.trim();
    if (!text && !image) return setError(m.bodyRequired);
    if (text.length > MAX_CHAT_MESSAGE_LENGTH) return setError(m.bodyTooLong);
    setError(null);
    send.mutate(
      { body: text, image },
      {
        onSuccess: () => {
          setBody('');
          setImage(null);
          if (fileRef.current) fileRef.current.value = '';
          onSent();
        },
        onError: (err) => setError(isApiError(err) ? err.message : m.sendFailed),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const near = body.length > MAX_CHAT_MESSAGE_LENGTH - 200;
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-t border-line px-4 py-4 sm:px-6" noValidate>
      <label htmlFor={textareaId} className="text-sm font-medium text-fg">
        Mensagem
      </label>
      <textarea
        id={textareaId}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        rows={2}
        maxLength={MAX_CHAT_MESSAGE_LENGTH}
        placeholder="Escreva uma mensagem…"
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        aria-invalid={error ? true : undefined}
        className="min-h-16 w-full resize-y rounded-lg border border-line-strong bg-surface-2 px-3 py-2 text-sm text-fg placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent"
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {image && (
        <p className="flex items-center gap-2 text-sm text-muted">
          <ImagePlus aria-hidden className="size-4 shrink-0" />
          <span className="min-w-0 truncate">{image.name}</span>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Remover imagem"
            onClick={() => {
              setImage(null);
              if (fileRef.current) fileRef.current.value = '';
            }}
          >
            <X aria-hidden />
          </Button>
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className="text-xs text-muted">
          Enter envia, Shift+Enter quebra a linha.
          {near && ` ${body.length}/${MAX_CHAT_MESSAGE_LENGTH}`}
        </p>
        <div className="flex items-center gap-2">
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(event) => {
              setImage(event.target.files?.[0] ?? null);
              setError(null);
            }}
          />
          <Button variant="secondary" onClick={() => fileRef.current?.click()}>
            <ImagePlus aria-hidden />
            Anexar imagem
          </Button>
          <Button type="submit" busy={send.isPending}>
            <Send aria-hidden />
            Enviar
          </Button>
        </div>
      </div>
    </form>
  );
}
