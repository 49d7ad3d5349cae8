// The tree on screen: one layer moved and scaled by a CSS transform, holding only the cards near the screen
// (decision 063). Panning writes the transform straight to the layer, without React; the set of cards drawn is
// read again once a frame and rendered only when it changes.
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Minus, Plus, RotateCcw } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useIntl } from '@web/lib/i18n/use-intl';
import type { GraphPerson } from '../api';
import { CARD_HEIGHT, CARD_WIDTH, cardsIn, type PlacedCard, type TreeLayout, type TreeLine } from '../layout/tree-layout';
import { centredOn, isOnScreen, panBy, visibleRect, zoomAt, type View } from '../layout/viewport';
import { TreeCard } from './tree-card';

/**
 * Cards this far (screen pixels) outside the screen are drawn already, and nothing is drawn anew until the screen
 * leaves that margin: a pan of a few hundred pixels renders nothing at all.
 */
const OVERSCAN = 400;
const KEY_PAN = 80;
const KEY_ZOOM = 1.25;
/** A pointer that moves less than this is a tap or a click on a card, not a drag. */
const DRAG_THRESHOLD = 6;
/**
 * Below this scale names cannot be read: the cards are drawn as plain boxes in one SVG path instead of links, so
 * a whole tree of 2,000 persons on screen is one element, not 2,000 (the focused card stays a link).
 */
const OVERVIEW_SCALE = 0.4;

type TreeCanvasProps = {
  layout: TreeLayout;
  persons: Map<number, GraphPerson>;
  rootId: number;
  personHref: (id: number) => string;
};

interface Drawn {
  cards: PlacedCard[];
  lines: TreeLine[];
  /** Cards drawn as boxes only (zoomed far out). */
  boxes: PlacedCard[];
}

const lineBox = (line: TreeLine) => {
  const xs = line.points.map((p) => p[0]);
  const ys = line.points.map((p) => p[1]);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
};

const pathOf = (lines: TreeLine[]) => lines.map((l) => `M${l.points.map(([x, y]) => `${x} ${y}`).join('L')}`).join('');

type Rect = ReturnType<typeof visibleRect>;
const contains = (outer: Rect, inner: Rect) =>
  inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY && inner.maxY <= outer.maxY;
const EVERYWHERE: Rect = { minX: -Infinity, minY: -Infinity, maxX: Infinity, maxY: Infinity };

const boxesPath = (cards: PlacedCard[]) => cards.map((c) => `M${c.x} ${c.y}h${CARD_WIDTH}v${CARD_HEIGHT}h${-CARD_WIDTH}Z`).join('');

/** The SVG paths of the drawn lines (solid, and dashed for step, adoptive and foster children) and boxes. */
const drawing = (lines: TreeLine[], boxes: PlacedCard[]) => ({
  solid: pathOf(lines.filter((l) => !l.dashed)),
  dashed: pathOf(lines.filter((l) => l.dashed)),
  boxes: boxesPath(boxes),
});

const same = <T,>(a: T[], b: T[]) => a.length === b.length && a.every((item, i) => item === b[i]);
const sameDrawn = (a: Drawn, b: Drawn) => same(a.cards, b.cards) && same(a.lines, b.lines) && same(a.boxes, b.boxes);

export function TreeCanvas({ layout, persons, rootId, personHref }: TreeCanvasProps) {
  const instructionsId = useId();
  const viewportRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const view = useRef<View>({ x: 0, y: 0, k: 1 });
  const size = useRef({ width: 0, height: 0 });
  const frame = useRef(0);
  const intl = useIntl();
  const [drawn, setDrawn] = useState<Drawn>({ cards: [], lines: [], boxes: [] });
  const [focusedId, setFocusedId] = useState<number | null>(null);

  const lineBoxes = useMemo(() => layout.lines.map((line) => ({ line, box: lineBox(line) })), [layout]);
  const order = useMemo(() => new Map(layout.cards.map((c, i) => [c.id, i])), [layout]);
  const whole = useMemo(() => drawing(layout.lines, layout.cards), [layout]);

  /** What the drawn cards cover, and whether they were drawn as boxes: a view within it needs nothing new. */
  const covered = useRef<{ rect: Rect; overview: boolean } | null>(null);
  const refresh = useCallback(() => {
    frame.current = 0;
    const { width, height } = size.current;
    const overview = view.current.k < OVERVIEW_SCALE;
    if (
      covered.current &&
      covered.current.overview === overview &&
      contains(covered.current.rect, visibleRect(view.current, width, height))
    )
      return;
    // zoomed far out every card is one box of one path, drawn once: moving about then renders nothing
    const rect = overview ? EVERYWHERE : visibleRect(view.current, width, height, OVERSCAN);
    covered.current = { rect, overview };
    const onScreen = overview ? layout.cards : cardsIn(layout.cards, rect);
    let cards = overview ? [] : onScreen;
    // the focused card's neighbours in reading order are drawn too, so Tab always has a next card to reach
    const at = focusedId === null ? undefined : order.get(focusedId);
    if (at !== undefined) {
      const extra = [layout.cards[at - 1], layout.cards[at], layout.cards[at + 1]].filter((c): c is PlacedCard => c !== undefined);
      const ids = new Set(cards.map((c) => c.id));
      if (extra.some((c) => !ids.has(c.id))) cards = layout.cards.filter((c) => ids.has(c.id) || extra.includes(c));
    }
    const boxes = overview ? onScreen : [];
    const lines = overview
      ? layout.lines
      : lineBoxes
          .filter(({ box }) => box.maxX >= rect.minX && box.minX <= rect.maxX && box.maxY >= rect.minY && box.minY <= rect.maxY)
          .map(({ line }) => line);
    const next = { cards, lines, boxes };
    setDrawn((previous) => (sameDrawn(previous, next) ? previous : next));
  }, [layout, lineBoxes, order, focusedId]);

  const apply = useCallback(
    (next: View) => {
      view.current = next;
      if (layerRef.current) layerRef.current.style.transform = `translate(${next.x}px, ${next.y}px) scale(${next.k})`;
      if (!frame.current) frame.current = requestAnimationFrame(refresh);
    },
    [refresh],
  );

  const startView = useCallback(() => {
    const root = layout.cards.find((c) => c.id === rootId);
    const { width, height } = size.current;
    const k = width < 640 ? 0.85 : 1;
    return root ? centredOn(root.x + CARD_WIDTH / 2, root.y + CARD_HEIGHT / 2, width, height, k) : { x: 0, y: 0, k };
  }, [layout, rootId]);

  // the screen's size, and the start: the root in the middle
  const centredFor = useRef<TreeLayout | null>(null);
  useLayoutEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const measure = () => {
      size.current = { width: element.clientWidth, height: element.clientHeight };
      if (centredFor.current !== layout) {
        centredFor.current = layout;
        apply(startView());
      } else apply(view.current);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [layout, apply, startView]);

  useEffect(() => {
    covered.current = null; // a new layout or a new focused card: draw anew
    refresh();
    return () => cancelAnimationFrame(frame.current);
  }, [refresh]);

  // wheel zooms around the cursor; React's wheel listener is passive and could not keep the page from scrolling
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      const step = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      apply(zoomAt(view.current, Math.exp(-step * 0.0015), event.clientX - box.left, event.clientY - box.top));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [apply]);

  // one pointer drags the tree, two pinch it; a pointer that hardly moved was a click on a card
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const dragged = useRef(false);
  const local = (event: PointerEvent) => {
    const box = viewportRef.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // a first finger or button down: any pointer still listed lost its "up" outside the tree
    if (event.isPrimary) pointers.current.clear();
    pointers.current.set(event.pointerId, local(event));
    if (pointers.current.size === 1) dragged.current = false;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const point = local(event);
    if (pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.entries()].map(([id, p]) => (id === event.pointerId ? point : p));
      const [pa, pb] = [...pointers.current.values()];
      const distance = (p: { x: number; y: number }, q: { x: number; y: number }) => Math.hypot(p.x - q.x, p.y - q.y);
      const before = distance(pa!, pb!);
      const mid = { x: (a!.x + b!.x) / 2, y: (a!.y + b!.y) / 2 };
      const midBefore = { x: (pa!.x + pb!.x) / 2, y: (pa!.y + pb!.y) / 2 };
      const zoomed = before > 0 ? zoomAt(view.current, distance(a!, b!) / before, mid.x, mid.y) : view.current;
      apply(panBy(zoomed, mid.x - midBefore.x, mid.y - midBefore.y));
      dragged.current = true;
    } else {
      if (!dragged.current) {
        // until it has gone far enough to be a drag, the pointer's point stays where it went down
        if (Math.hypot(point.x - previous.x, point.y - previous.y) <= DRAG_THRESHOLD) return;
        dragged.current = true;
        // the drag goes on outside the tree; a pointer the browser no longer knows cannot be captured
        if (viewportRef.current?.hasPointerCapture(event.pointerId) === false) {
          try {
            viewportRef.current.setPointerCapture(event.pointerId);
          } catch {
            /* the pan goes on within the tree */
          }
        }
      }
      apply(panBy(view.current, point.x - previous.x, point.y - previous.y));
    }
    pointers.current.set(event.pointerId, point);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { width, height } = size.current;
    const moves: Record<string, () => View> = {
      ArrowLeft: () => panBy(view.current, KEY_PAN, 0),
      ArrowRight: () => panBy(view.current, -KEY_PAN, 0),
      ArrowUp: () => panBy(view.current, 0, KEY_PAN),
      ArrowDown: () => panBy(view.current, 0, -KEY_PAN),
      '+': () => zoomAt(view.current, KEY_ZOOM, width / 2, height / 2),
      '=': () => zoomAt(view.current, KEY_ZOOM, width / 2, height / 2),
      '-': () => zoomAt(view.current, 1 / KEY_ZOOM, width / 2, height / 2),
      '0': startView,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    apply(move());
  };

  // a card reached by Tab comes into view
  const onFocus = (event: React.FocusEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const id = Number(target.dataset.cardId);
    if (!id) return;
    setFocusedId(id);
    // a card pressed by mouse or finger (maybe to drag the tree) stays where it is
    if (!target.matches(':focus-visible')) return;
    const card = layout.cards[order.get(id) ?? -1];
    const { width, height } = size.current;
    const readable = view.current.k >= OVERVIEW_SCALE;
    if (
      card &&
      (!readable || !isOnScreen(view.current, width, height, { x: card.x, y: card.y, width: CARD_WIDTH, height: CARD_HEIGHT }, 8))
    ) {
      // zoomed far out, a card reached by Tab is brought close enough to read
      apply(centredOn(card.x + CARD_WIDTH / 2, card.y + CARD_HEIGHT / 2, width, height, readable ? view.current.k : 1));
    }
    // the browser may have scrolled the clipped viewport itself to show the card: the transform does that
    viewportRef.current?.scrollTo(0, 0);
  };

  // the overview draws the whole tree: its paths are made once per layout
  const paths = drawn.boxes === layout.cards && drawn.lines === layout.lines ? whole : drawing(drawn.lines, drawn.boxes);

  const zoomButton = (factor: number) => () => {
    const { width, height } = size.current;
    apply(zoomAt(view.current, factor, width / 2, height / 2));
  };

  return (
    <div className="grid gap-2">
      <div
        ref={viewportRef}
        role="region"
        aria-label={intl.formatMessage({ id: 'tree.canvas.label', defaultMessage: 'Family tree' })}
        aria-describedby={instructionsId}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={(event) => {
          if (!dragged.current) return;
          event.preventDefault();
          event.stopPropagation();
          dragged.current = false;
        }}
        onFocus={onFocus}
        className="relative h-[65vh] min-h-80 touch-none overflow-hidden rounded-xl border bg-muted/30 outline-none select-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <div ref={layerRef} className="absolute top-0 left-0 origin-top-left will-change-transform" data-testid="tree-layer">
          <svg className="absolute top-0 left-0 overflow-visible" width="1" height="1" aria-hidden="true">
            <path d={paths.solid} fill="none" stroke="currentColor" strokeWidth={2} className="text-border" />
            <path d={paths.dashed} fill="none" stroke="currentColor" strokeWidth={2} strokeDasharray="6 5" className="text-border" />
            <path d={paths.boxes} stroke="currentColor" strokeWidth={2} className="fill-card text-border" />
          </svg>
          {drawn.cards.map((card) => {
            const person = persons.get(card.id);
            return person ? (
              <TreeCard key={card.id} person={person} x={card.x} y={card.y} href={personHref(card.id)} isRoot={card.id === rootId} />
            ) : null;
          })}
        </div>
        <div className="absolute right-2 bottom-2 flex flex-col gap-2">
          <Button
            variant="outline"
            size="icon"
            className="size-11"
            aria-label={intl.formatMessage({ id: 'tree.canvas.zoomIn', defaultMessage: 'Zoom in' })}
            onClick={zoomButton(KEY_ZOOM)}
          >
            <Plus aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-11"
            aria-label={intl.formatMessage({ id: 'tree.canvas.zoomOut', defaultMessage: 'Zoom out' })}
            onClick={zoomButton(1 / KEY_ZOOM)}
          >
            <Minus aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-11"
            aria-label={intl.formatMessage({ id: 'tree.canvas.backToStart', defaultMessage: 'Back to the start' })}
            onClick={() => apply(startView())}
          >
            <RotateCcw aria-hidden="true" />
          </Button>
        </div>
      </div>
      <p id={instructionsId} className="text-sm text-muted-foreground">
        {intl.formatMessage({
          id: 'tree.canvas.instructions',
          defaultMessage:
            'Drag to move around, pinch or use the wheel to zoom. With the keyboard: arrow keys move, + and − zoom, 0 goes back to the start, Tab moves from person to person and Enter opens one.',
        })}
      </p>
    </div>
  );
}
