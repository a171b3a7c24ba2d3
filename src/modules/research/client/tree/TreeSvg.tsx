import type { TFunction } from 'i18next';
import { Fragment, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import { NODE_H, NODE_W, type PlacedPerson, type TreePlan } from './tree-layout';
import { lifeLine, linkText } from './tree-text';

// The tree drawn as SVG, from the plan. The same component draws the screen's tree (people are
// links: Tab, Enter, a middle click for a new tab) and the download (plain shapes, light colours
// whatever the screen's mode). Relation types are told by the line's pattern and its words,
// never by colour alone; the legend under the tree names each pattern.

export interface TreePalette {
  background: string;
  box: string;
  boxHidden: string;
  text: string;
  muted: string;
  line: string;
  accent: string;
  focus: string;
}

/** The download's colours: ink on white, for printing and for a report. */
export const PRINT_PALETTE: TreePalette = {
  background: '#ffffff',
  box: '#ffffff',
  boxHidden: '#f2f2f2',
  text: '#1a1a1a',
  muted: '#555555',
  line: '#444444',
  accent: '#0f60b1',
  focus: '#0f60b1',
};

/** Each parent link type's line pattern (stroke-dasharray); birth is the solid line. */
export const DASH: Readonly<Record<string, string | undefined>> = {
  BIO: undefined,
  ADOPT: '10 5',
  STEP: '14 4 3 4',
  FOSTER: '2 5',
  GUARDIAN: '6 3 2 3 2 3',
};
const OTHER_DASH = '4 4';
const dashOf = (type: string) => (type in DASH ? DASH[type] : OTHER_DASH);

export const FONT = 'Roboto, "Noto Sans", Arial, sans-serif';
const LEGEND_H = 40;

function fit(text: string, px: number, size: number): string {
  // A glyph is about 0.56 of the font size wide in these faces; the full text is in the name.
  const max = Math.floor(px / (size * 0.56));
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;
}

export interface PersonLink {
  href: string;
  onClick(e: MouseEvent): void;
}

export interface TreeSvgProps {
  plan: TreePlan;
  palette: TreePalette;
  t: TFunction;
  locale: string;
  title: string;
  /** Scale of the drawing on screen (1: a box is NODE_W pixels wide). */
  scale?: number;
  /** On screen: each person's link, accessible name and the keyboard; absent in the download. */
  interactive?: {
    linkFor(id: string): PersonLink;
    nameFor(p: PlacedPerson): string;
    focused: number | null;
    onFocusPerson(i: number | null): void;
    onKeyDown(e: KeyboardEvent, i: number): void;
    refFor(i: number): Ref<SVGElement>;
  };
  svgRef?: Ref<SVGSVGElement>;
}

export function legendTypes(plan: TreePlan): { parents: string[]; partner: boolean } {
  const parents = [...new Set(plan.links.filter((l) => l.kind === 'parent').map((l) => l.type))];
  return { parents, partner: plan.links.some((l) => l.kind === 'partner') };
}

export function TreeSvg({
  plan,
  palette: c,
  t,
  locale,
  title,
  scale = 1,
  interactive,
  svgRef,
}: TreeSvgProps) {
  const { box } = plan;
  const legend = legendTypes(plan);
  const legendItems = [
    ...legend.parents.map((type) => ({
      key: type,
      text: t(`researchTree.parentLink.${type}`),
      dash: dashOf(type),
      w: 1.6,
    })),
    ...(legend.partner
      ? [{ key: 'partner', text: t('researchTree.legendPartner'), dash: undefined, w: 2.4 }]
      : []),
  ];
  const ITEM_W = 132;
  const width = Math.max(box.width, legendItems.length * ITEM_W + 32);
  const height = box.height + (legendItems.length ? LEGEND_H : 0);
  return (
    <svg
      ref={svgRef}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`${box.x} ${box.y} ${width} ${height}`}
      width={width * scale}
      height={height * scale}
      fontFamily={FONT}
      role={interactive ? 'group' : undefined}
      aria-label={interactive ? title : undefined}
    >
      {!interactive && <title>{title}</title>}
      <rect x={box.x} y={box.y} width={width} height={height} fill={c.background} />
      {plan.links.map((l) => (
        <path
          key={l.key}
          d={l.d}
          fill="none"
          stroke={c.line}
          strokeWidth={l.kind === 'partner' ? 2.4 : 1.6}
          strokeDasharray={l.kind === 'partner' ? (l.ended ? '8 4' : undefined) : dashOf(l.type)}
          strokeLinecap="round"
          data-link={l.kind === 'parent' ? l.type : 'partner'}
        />
      ))}
      {plan.links.map((l) => {
        if (!l.label) return null;
        const text = linkText(t, l);
        const w = text.length * 6.2 + 10;
        return (
          <g key={`${l.key} label`} aria-hidden="true" data-link-label={l.type}>
            <rect x={l.label.x - w / 2} y={l.label.y - 9} width={w} height={16} rx={4} fill={c.background} />
            <text
              x={l.label.x}
              y={l.label.y + 3}
              textAnchor="middle"
              fontSize={11}
              fill={c.muted}
              fontStyle="italic"
            >
              {text}
            </text>
          </g>
        );
      })}
      {plan.people.map((placed, i) => {
        const p = placed.person;
        const root = placed.role.kind === 'root';
        const name = p.hidden ? t('researchTree.hidden') : p.label;
        const second = p.hidden ? null : (p.indigenousName ?? null);
        const dates = lifeLine(t, p, locale);
        const shape = (
          <>
            <rect
              x={placed.x}
              y={placed.y}
              width={NODE_W}
              height={NODE_H}
              rx={8}
              fill={p.hidden ? c.boxHidden : c.box}
              stroke={root ? c.accent : c.line}
              strokeWidth={root ? 2.5 : 1}
              strokeDasharray={p.hidden ? '4 3' : undefined}
            />
            <text
              x={placed.x + 10}
              y={placed.y + 20}
              fontSize={13}
              fontWeight={p.hidden ? 400 : 600}
              fontStyle={p.hidden ? 'italic' : undefined}
              fill={c.text}
            >
              {fit(name, NODE_W - 20, 13)}
            </text>
            {second && (
              <text x={placed.x + 10} y={placed.y + 36} fontSize={12} fontStyle="italic" fill={c.muted}>
                {fit(second, NODE_W - 20, 12)}
              </text>
            )}
            {dates && (
              <text x={placed.x + 10} y={placed.y + (second ? 52 : 40)} fontSize={12} fill={c.muted}>
                {fit(dates, NODE_W - 20, 12)}
              </text>
            )}
            {interactive?.focused === i && (
              <rect
                x={placed.x - 4}
                y={placed.y - 4}
                width={NODE_W + 8}
                height={NODE_H + 8}
                rx={11}
                fill="none"
                stroke={c.focus}
                strokeWidth={3}
              />
            )}
          </>
        );
        if (!interactive) return <g key={`${p.$id} ${i}`}>{shape}</g>;
        // On screen the box is drawn under a transparent link of its own size: the link's name is
        // the full accessible name, and the box's words (cut to fit) are not its content, so what
        // a screen reader hears and what the box shows do not have to be the same words.
        const hit = (
          <rect x={placed.x} y={placed.y} width={NODE_W} height={NODE_H} rx={8} fill="transparent" />
        );
        const common = {
          'aria-label': interactive.nameFor(placed),
          'data-person': p.$id,
          tabIndex: 0,
          style: { outline: 'none', cursor: p.hidden ? 'default' : 'pointer' },
          onFocus: () => interactive.onFocusPerson(i),
          onBlur: () => interactive.onFocusPerson(null),
          onKeyDown: (e: KeyboardEvent) => interactive.onKeyDown(e, i),
        };
        const link = p.hidden ? null : interactive.linkFor(p.$id);
        return (
          <Fragment key={`${p.$id} ${i}`}>
            <g aria-hidden="true">{shape}</g>
            {link ? (
              // JSX types <a> as HTML's; inside <svg> React makes the SVG <a>, which the ref receives.
              <a
                {...common}
                href={link.href}
                onClick={link.onClick}
                ref={interactive.refFor(i) as unknown as Ref<HTMLAnchorElement>}
              >
                {hit}
              </a>
            ) : (
              <g {...common} role="img" ref={interactive.refFor(i) as Ref<SVGGElement>}>
                {hit}
              </g>
            )}
          </Fragment>
        );
      })}
      {legendItems.length > 0 && (
        <g aria-hidden="true" transform={`translate(${box.x + 16} ${box.y + box.height + 8})`}>
          {legendItems.map((item, i) => (
            <g key={item.key} transform={`translate(${i * ITEM_W} 0)`}>
              <line
                x1={0}
                y1={12}
                x2={36}
                y2={12}
                stroke={c.line}
                strokeWidth={item.w}
                strokeDasharray={item.dash}
                strokeLinecap="round"
              />
              <text x={44} y={16} fontSize={12} fill={c.muted}>
                {item.text}
              </text>
            </g>
          ))}
        </g>
      )}
    </svg>
  );
}
