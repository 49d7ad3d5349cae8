// cn()'s class merging, made with tailwind-merge's createTailwindMerge from only the class groups heirloom's
// own classes use (decision 089). The full twMerge carries tailwind-merge's whole default config (every Tailwind
// utility) on every page; this one carries the groups below. Each group, scale and theme entry is copied as is
// from tailwind-merge's default config (src/lib/default-config.ts, same order), so a class of ours falls in the
// same group and overrides the same classes as with the full twMerge. src/web/lib/cn.test.ts holds it to that:
// it collects every class in src/web and compares this merge with the full one on every pair of them. When it
// fails after a new kind of class was added, copy that class's group (and its conflicts) from the default config.
import {
  createTailwindMerge,
  fromTheme,
  validators,
  type Config,
  type DefaultClassGroupIds,
  type DefaultThemeGroupIds,
} from 'tailwind-merge';

type ClassGroup = Config<DefaultClassGroupIds, DefaultThemeGroupIds>['classGroups'][DefaultClassGroupIds];

const {
  isAny,
  isAnyNonArbitrary,
  isArbitraryFamilyName,
  isArbitraryImage,
  isArbitraryLength,
  isArbitraryNumber,
  isArbitraryShadow,
  isArbitraryValue,
  isArbitraryVariable,
  isArbitraryVariableFamilyName,
  isArbitraryVariableImage,
  isArbitraryVariableLength,
  isArbitraryVariableShadow,
  isArbitraryVariableWeight,
  isArbitraryWeight,
  isFraction,
  isInteger,
  isNumber,
  isTshirtSize,
} = validators;

const themeColor = fromTheme('color');
const themeFont = fromTheme('font');
const themeText = fromTheme('text');
const themeFontWeight = fromTheme('font-weight');
const themeTracking = fromTheme('tracking');
const themeLeading = fromTheme('leading');
const themeBreakpoint = fromTheme('breakpoint');
const themeContainer = fromTheme('container');
const themeSpacing = fromTheme('spacing');
const themeRadius = fromTheme('radius');
const themeShadow = fromTheme('shadow');
const themeBlur = fromTheme('blur');
const themeAspect = fromTheme('aspect');
const themeAnimate = fromTheme('animate');

const scalePosition = () =>
  [
    'center',
    'top',
    'bottom',
    'left',
    'right',
    'top-left',
    // Deprecated since Tailwind CSS v4.1.0, see https://github.com/tailwindlabs/tailwindcss/pull/17378
    'left-top',
    'top-right',
    // Deprecated since Tailwind CSS v4.1.0, see https://github.com/tailwindlabs/tailwindcss/pull/17378
    'right-top',
    'bottom-right',
    // Deprecated since Tailwind CSS v4.1.0, see https://github.com/tailwindlabs/tailwindcss/pull/17378
    'right-bottom',
    'bottom-left',
    // Deprecated since Tailwind CSS v4.1.0, see https://github.com/tailwindlabs/tailwindcss/pull/17378
    'left-bottom',
  ] as const;
const scalePositionWithArbitrary = () => [...scalePosition(), isArbitraryVariable, isArbitraryValue] as const;
const scaleOverflow = () => ['auto', 'hidden', 'clip', 'visible', 'scroll'] as const;
const scaleUnambiguousSpacing = () => [isArbitraryVariable, isArbitraryValue, themeSpacing] as const;
const scaleInset = () => [isFraction, 'full', 'auto', ...scaleUnambiguousSpacing()] as const;
const scaleGridTemplateColsRows = () => [isInteger, 'none', 'subgrid', isArbitraryVariable, isArbitraryValue] as const;
const scaleGridColRowStartAndEnd = () =>
  ['auto', { span: ['full', isInteger, isArbitraryVariable, isArbitraryValue] }, isInteger, isArbitraryVariable, isArbitraryValue] as const;
const scaleGridColRowStartOrEnd = () => [isInteger, 'auto', isArbitraryVariable, isArbitraryValue] as const;
const scaleGridAutoColsRows = () => ['auto', 'min', 'max', 'fr', isArbitraryVariable, isArbitraryValue] as const;
const scaleAlignPrimaryAxis = () =>
  ['start', 'end', 'center', 'between', 'around', 'evenly', 'stretch', 'baseline', 'center-safe', 'end-safe'] as const;
const scaleAlignSecondaryAxis = () => ['start', 'end', 'center', 'stretch', 'center-safe', 'end-safe'] as const;
const scaleMargin = () => ['auto', ...scaleUnambiguousSpacing()] as const;
const scaleSizing = () =>
  [isFraction, 'auto', 'full', 'dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit', ...scaleUnambiguousSpacing()] as const;
const scaleColor = () => [themeColor, isArbitraryVariable, isArbitraryValue] as const;
const scaleRadius = () =>
  [
    // Deprecated since Tailwind CSS v4.0.0
    '',
    'none',
    'full',
    themeRadius,
    isArbitraryVariable,
    isArbitraryValue,
  ] as const;
const scaleBorderWidth = () => ['', isNumber, isArbitraryVariableLength, isArbitraryLength] as const;
const scaleLineStyle = () => ['solid', 'dashed', 'dotted', 'double'] as const;
const scaleBlur = () =>
  [
    // Deprecated since Tailwind CSS v4.0.0
    '',
    'none',
    themeBlur,
    isArbitraryVariable,
    isArbitraryValue,
  ] as const;
const scaleRotate = () => ['none', isNumber, isArbitraryVariable, isArbitraryValue] as const;
const scaleScale = () => ['none', isNumber, isArbitraryVariable, isArbitraryValue] as const;
const scaleTranslate = () => [isFraction, 'full', ...scaleUnambiguousSpacing()] as const;

const theme = {
  animate: ['spin', 'ping', 'pulse', 'bounce'],
  aspect: ['video'],
  blur: [isTshirtSize],
  breakpoint: [isTshirtSize],
  color: [isAny],
  container: [isTshirtSize],
  font: [isAnyNonArbitrary],
  'font-weight': ['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black'],
  leading: ['none', 'tight', 'snug', 'normal', 'relaxed', 'loose'],
  radius: [isTshirtSize],
  shadow: [isTshirtSize],
  spacing: ['px', isNumber],
  text: [isTshirtSize],
  tracking: ['tighter', 'tight', 'normal', 'wide', 'wider', 'widest'],
} as const satisfies Partial<Record<DefaultThemeGroupIds, ClassGroup>>;

const classGroups = {
  // --------------
  // --- Layout ---
  // --------------

  /**
   * Aspect Ratio
   * @see https://tailwindcss.com/docs/aspect-ratio
   */
  aspect: [
    {
      aspect: ['auto', 'square', isFraction, isArbitraryValue, isArbitraryVariable, themeAspect],
    },
  ],
  /**
   * Display
   * @see https://tailwindcss.com/docs/display
   */
  display: [
    'block',
    'inline-block',
    'inline',
    'flex',
    'inline-flex',
    'table',
    'inline-table',
    'table-caption',
    'table-cell',
    'table-column',
    'table-column-group',
    'table-footer-group',
    'table-header-group',
    'table-row-group',
    'table-row',
    'flow-root',
    'grid',
    'inline-grid',
    'contents',
    'list-item',
    'hidden',
  ],
  /**
   * Screen Reader Only
   * @see https://tailwindcss.com/docs/display#screen-reader-only
   */
  sr: ['sr-only', 'not-sr-only'],
  /**
   * Object Fit
   * @see https://tailwindcss.com/docs/object-fit
   */
  'object-fit': [{ object: ['contain', 'cover', 'fill', 'none', 'scale-down'] }],
  /**
   * Overflow
   * @see https://tailwindcss.com/docs/overflow
   */
  overflow: [{ overflow: scaleOverflow() }],
  /**
   * Overflow X
   * @see https://tailwindcss.com/docs/overflow
   */
  'overflow-x': [{ 'overflow-x': scaleOverflow() }],
  /**
   * Overflow Y
   * @see https://tailwindcss.com/docs/overflow
   */
  'overflow-y': [{ 'overflow-y': scaleOverflow() }],
  /**
   * Position
   * @see https://tailwindcss.com/docs/position
   */
  position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
  /**
   * Inset
   * @see https://tailwindcss.com/docs/top-right-bottom-left
   */
  inset: [{ inset: scaleInset() }],
  /**
   * Inset Inline
   * @see https://tailwindcss.com/docs/top-right-bottom-left
   */
  'inset-x': [{ 'inset-x': scaleInset() }],
  /**
   * Inset Block
   * @see https://tailwindcss.com/docs/top-right-bottom-left
   */
  'inset-y': [{ 'inset-y': scaleInset() }],
  /**
   * Inset Inline Start
   * @see https://tailwindcss.com/docs/top-right-bottom-left
   * @todo class group will be renamed to `inset-s` in next major release
   */
  start: [
    {
      'inset-s': scaleInset(),
      /**
       * @deprecated since Tailwind CSS v4.2.0 in favor of `inset-s-*` utilities.
       * @see https://github.com/tailwindlabs/tailwindcss/pull/19613
       */
      start: scaleInset(),
    },
  ],
  /**
   * Inset Inline End
   * @see https://tailwindcss.com/docs/top-right-bottom-left
   * @todo class group will be renamed to `inset-e` in next major release
   */
  end: [
    {
      'inset-e': scaleInset(),
      /**
       * @deprecated since Tailwind CSS v4.2.0 in favor of `inset-e-*` utilities.
       * @see https://github.com/tailwindlabs/tailwindcss/pull/19613
       */
      end: scaleInset(),
    },
  ],
  /**
   * Top
   * @see https://tailwindcss.com/docs/top-right-bottom-left
   */
  top: [{ top: scaleInset() }],
  /**
   * Right
   * @see https://tailwindcss.com/docs/top-right-bottom-left
   */
  right: [{ right: scaleInset() }],
  /**
   * Bottom
   * @see https://tailwindcss.com/docs/top-right-bottom-left
   */
  bottom: [{ bottom: scaleInset() }],
  /**
   * Left
   * @see https://tailwindcss.com/docs/top-right-bottom-left
   */
  left: [{ left: scaleInset() }],
  /**
   * Visibility
   * @see https://tailwindcss.com/docs/visibility
   */
  visibility: ['visible', 'invisible', 'collapse'],
  /**
   * Z-Index
   * @see https://tailwindcss.com/docs/z-index
   */
  z: [{ z: [isInteger, 'auto', isArbitraryVariable, isArbitraryValue] }],
  // ------------------------
  // --- Flexbox and Grid ---
  // ------------------------

  /**
   * Flex Basis
   * @see https://tailwindcss.com/docs/flex-basis
   */
  basis: [
    {
      basis: [isFraction, 'full', 'auto', themeContainer, ...scaleUnambiguousSpacing()],
    },
  ],
  /**
   * Flex Direction
   * @see https://tailwindcss.com/docs/flex-direction
   */
  'flex-direction': [{ flex: ['row', 'row-reverse', 'col', 'col-reverse'] }],
  /**
   * Flex Wrap
   * @see https://tailwindcss.com/docs/flex-wrap
   */
  'flex-wrap': [{ flex: ['nowrap', 'wrap', 'wrap-reverse'] }],
  /**
   * Flex
   * @see https://tailwindcss.com/docs/flex
   */
  flex: [{ flex: [isNumber, isFraction, 'auto', 'initial', 'none', isArbitraryValue] }],
  /**
   * Flex Shrink
   * @see https://tailwindcss.com/docs/flex-shrink
   */
  shrink: [{ shrink: ['', isNumber, isArbitraryVariable, isArbitraryValue] }],
  /**
   * Grid Template Columns
   * @see https://tailwindcss.com/docs/grid-template-columns
   */
  'grid-cols': [{ 'grid-cols': scaleGridTemplateColsRows() }],
  /**
   * Grid Column Start / End
   * @see https://tailwindcss.com/docs/grid-column
   */
  'col-start-end': [{ col: scaleGridColRowStartAndEnd() }],
  /**
   * Grid Column Start
   * @see https://tailwindcss.com/docs/grid-column
   */
  'col-start': [{ 'col-start': scaleGridColRowStartOrEnd() }],
  /**
   * Grid Auto Flow
   * @see https://tailwindcss.com/docs/grid-auto-flow
   */
  'grid-flow': [{ 'grid-flow': ['row', 'col', 'dense', 'row-dense', 'col-dense'] }],
  /**
   * Grid Auto Columns
   * @see https://tailwindcss.com/docs/grid-auto-columns
   */
  'auto-cols': [{ 'auto-cols': scaleGridAutoColsRows() }],
  /**
   * Gap
   * @see https://tailwindcss.com/docs/gap
   */
  gap: [{ gap: scaleUnambiguousSpacing() }],
  /**
   * Gap X
   * @see https://tailwindcss.com/docs/gap
   */
  'gap-x': [{ 'gap-x': scaleUnambiguousSpacing() }],
  /**
   * Gap Y
   * @see https://tailwindcss.com/docs/gap
   */
  'gap-y': [{ 'gap-y': scaleUnambiguousSpacing() }],
  /**
   * Justify Content
   * @see https://tailwindcss.com/docs/justify-content
   */
  'justify-content': [{ justify: [...scaleAlignPrimaryAxis(), 'normal'] }],
  /**
   * Justify Items
   * @see https://tailwindcss.com/docs/justify-items
   */
  'justify-items': [{ 'justify-items': [...scaleAlignSecondaryAxis(), 'normal'] }],
  /**
   * Justify Self
   * @see https://tailwindcss.com/docs/justify-self
   */
  'justify-self': [{ 'justify-self': ['auto', ...scaleAlignSecondaryAxis()] }],
  /**
   * Align Content
   * @see https://tailwindcss.com/docs/align-content
   */
  'align-content': [{ content: ['normal', ...scaleAlignPrimaryAxis()] }],
  /**
   * Align Items
   * @see https://tailwindcss.com/docs/align-items
   */
  'align-items': [{ items: [...scaleAlignSecondaryAxis(), { baseline: ['', 'last'] }] }],
  // Spacing
  /**
   * Padding
   * @see https://tailwindcss.com/docs/padding
   */
  p: [{ p: scaleUnambiguousSpacing() }],
  /**
   * Padding Inline
   * @see https://tailwindcss.com/docs/padding
   */
  px: [{ px: scaleUnambiguousSpacing() }],
  /**
   * Padding Block
   * @see https://tailwindcss.com/docs/padding
   */
  py: [{ py: scaleUnambiguousSpacing() }],
  /**
   * Padding Inline Start
   * @see https://tailwindcss.com/docs/padding
   */
  ps: [{ ps: scaleUnambiguousSpacing() }],
  /**
   * Padding Inline End
   * @see https://tailwindcss.com/docs/padding
   */
  pe: [{ pe: scaleUnambiguousSpacing() }],
  /**
   * Padding Top
   * @see https://tailwindcss.com/docs/padding
   */
  pt: [{ pt: scaleUnambiguousSpacing() }],
  /**
   * Padding Bottom
   * @see https://tailwindcss.com/docs/padding
   */
  pb: [{ pb: scaleUnambiguousSpacing() }],
  /**
   * Padding Left
   * @see https://tailwindcss.com/docs/padding
   */
  pl: [{ pl: scaleUnambiguousSpacing() }],
  /**
   * Margin Inline
   * @see https://tailwindcss.com/docs/margin
   */
  mx: [{ mx: scaleMargin() }],
  /**
   * Margin Block
   * @see https://tailwindcss.com/docs/margin
   */
  my: [{ my: scaleMargin() }],
  /**
   * Margin Inline Start
   * @see https://tailwindcss.com/docs/margin
   */
  ms: [{ ms: scaleMargin() }],
  /**
   * Margin Inline End
   * @see https://tailwindcss.com/docs/margin
   */
  me: [{ me: scaleMargin() }],
  /**
   * Margin Top
   * @see https://tailwindcss.com/docs/margin
   */
  mt: [{ mt: scaleMargin() }],
  /**
   * Margin Right
   * @see https://tailwindcss.com/docs/margin
   */
  mr: [{ mr: scaleMargin() }],
  /**
   * Margin Bottom
   * @see https://tailwindcss.com/docs/margin
   */
  mb: [{ mb: scaleMargin() }],
  /**
   * Margin Left
   * @see https://tailwindcss.com/docs/margin
   */
  ml: [{ ml: scaleMargin() }],
  /**
   * Space Between Y
   * @see https://tailwindcss.com/docs/margin#adding-space-between-children
   */
  'space-y': [{ 'space-y': scaleUnambiguousSpacing() }],
  // --------------
  // --- Sizing ---
  // --------------

  /**
   * Size
   * @see https://tailwindcss.com/docs/width#setting-both-width-and-height
   */
  size: [{ size: scaleSizing() }],
  /**
   * Width
   * @see https://tailwindcss.com/docs/width
   */
  w: [{ w: [themeContainer, 'screen', ...scaleSizing()] }],
  /**
   * Min-Width
   * @see https://tailwindcss.com/docs/min-width
   */
  'min-w': [
    {
      'min-w': [
        themeContainer,
        'screen',
        /** Deprecated. @see https://github.com/tailwindlabs/tailwindcss.com/issues/2027#issuecomment-2620152757 */
        'none',
        ...scaleSizing(),
      ],
    },
  ],
  /**
   * Max-Width
   * @see https://tailwindcss.com/docs/max-width
   */
  'max-w': [
    {
      'max-w': [
        themeContainer,
        'screen',
        'none',
        /** Deprecated since Tailwind CSS v4.0.0. @see https://github.com/tailwindlabs/tailwindcss.com/issues/2027#issuecomment-2620152757 */
        'prose',
        /** Deprecated since Tailwind CSS v4.0.0. @see https://github.com/tailwindlabs/tailwindcss.com/issues/2027#issuecomment-2620152757 */
        { screen: [themeBreakpoint] },
        ...scaleSizing(),
      ],
    },
  ],
  /**
   * Height
   * @see https://tailwindcss.com/docs/height
   */
  h: [{ h: ['screen', 'lh', ...scaleSizing()] }],
  /**
   * Min-Height
   * @see https://tailwindcss.com/docs/min-height
   */
  'min-h': [{ 'min-h': ['screen', 'lh', 'none', ...scaleSizing()] }],
  /**
   * Max-Height
   * @see https://tailwindcss.com/docs/max-height
   */
  'max-h': [{ 'max-h': ['screen', 'lh', 'none', ...scaleSizing()] }],
  // ------------------
  // --- Typography ---
  // ------------------

  /**
   * Font Size
   * @see https://tailwindcss.com/docs/font-size
   */
  'font-size': [{ text: ['base', themeText, isArbitraryVariableLength, isArbitraryLength] }],
  /**
   * Font Weight
   * @see https://tailwindcss.com/docs/font-weight
   */
  'font-weight': [
    {
      font: [themeFontWeight, isArbitraryVariableWeight, isArbitraryWeight],
    },
  ],
  /**
   * Font Family
   * @see https://tailwindcss.com/docs/font-family
   */
  'font-family': [{ font: [isArbitraryVariableFamilyName, isArbitraryFamilyName, themeFont] }],
  /**
   * Font Variant Numeric
   * @see https://tailwindcss.com/docs/font-variant-numeric
   */
  'fvn-spacing': ['proportional-nums', 'tabular-nums'],
  /**
   * Letter Spacing
   * @see https://tailwindcss.com/docs/letter-spacing
   */
  tracking: [{ tracking: [themeTracking, isArbitraryVariable, isArbitraryValue] }],
  /**
   * Line Clamp
   * @see https://tailwindcss.com/docs/line-clamp
   */
  'line-clamp': [{ 'line-clamp': [isNumber, 'none', isArbitraryVariable, isArbitraryNumber] }],
  /**
   * Line Height
   * @see https://tailwindcss.com/docs/line-height
   */
  leading: [
    {
      leading: [
        'none',
        /** Deprecated since Tailwind CSS v4.0.0. @see https://github.com/tailwindlabs/tailwindcss.com/issues/2027#issuecomment-2620152757 */
        themeLeading,
        ...scaleUnambiguousSpacing(),
      ],
    },
  ],
  /**
   * List Style Type
   * @see https://tailwindcss.com/docs/list-style-type
   */
  'list-style-type': [{ list: ['disc', 'decimal', 'none', isArbitraryVariable, isArbitraryValue] }],
  /**
   * Text Alignment
   * @see https://tailwindcss.com/docs/text-align
   */
  'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
  /**
   * Text Color
   * @see https://tailwindcss.com/docs/text-color
   */
  'text-color': [{ text: scaleColor() }],
  /**
   * Text Decoration
   * @see https://tailwindcss.com/docs/text-decoration
   */
  'text-decoration': ['underline', 'overline', 'line-through', 'no-underline'],
  /**
   * Text Underline Offset
   * @see https://tailwindcss.com/docs/text-underline-offset
   */
  'underline-offset': [{ 'underline-offset': [isNumber, 'auto', isArbitraryVariable, isArbitraryValue] }],
  /**
   * Text Transform
   * @see https://tailwindcss.com/docs/text-transform
   */
  'text-transform': ['uppercase', 'lowercase', 'capitalize', 'normal-case'],
  /**
   * Text Overflow
   * @see https://tailwindcss.com/docs/text-overflow
   */
  'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
  /**
   * Text Wrap
   * @see https://tailwindcss.com/docs/text-wrap
   */
  'text-wrap': [{ text: ['wrap', 'nowrap', 'balance', 'pretty'] }],
  /**
   * Whitespace
   * @see https://tailwindcss.com/docs/whitespace
   */
  whitespace: [{ whitespace: ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces'] }],
  /**
   * Word Break
   * @see https://tailwindcss.com/docs/word-break
   */
  break: [{ break: ['normal', 'words', 'all', 'keep'] }],
  /**
   * Content
   * @see https://tailwindcss.com/docs/content
   */
  content: [{ content: ['none', isArbitraryVariable, isArbitraryValue] }],
  /**
   * Background Image
   * @see https://tailwindcss.com/docs/background-image
   */
  'bg-image': [
    {
      bg: [
        'none',
        {
          linear: [{ to: ['t', 'tr', 'r', 'br', 'b', 'bl', 'l', 'tl'] }, isInteger, isArbitraryVariable, isArbitraryValue],
          radial: ['', isArbitraryVariable, isArbitraryValue],
          conic: ['', isInteger, isArbitraryVariable, isArbitraryValue],
        },
        isArbitraryVariableImage,
        isArbitraryImage,
      ],
    },
  ],
  /**
   * Background Color
   * @see https://tailwindcss.com/docs/background-color
   */
  'bg-color': [{ bg: scaleColor() }],
  /**
   * Gradient Color Stops From
   * @see https://tailwindcss.com/docs/gradient-color-stops
   */
  'gradient-from': [{ from: scaleColor() }],
  /**
   * Gradient Color Stops Via
   * @see https://tailwindcss.com/docs/gradient-color-stops
   */
  'gradient-via': [{ via: scaleColor() }],
  /**
   * Gradient Color Stops To
   * @see https://tailwindcss.com/docs/gradient-color-stops
   */
  'gradient-to': [{ to: scaleColor() }],
  // ---------------
  // --- Borders ---
  // ---------------

  /**
   * Border Radius
   * @see https://tailwindcss.com/docs/border-radius
   */
  rounded: [{ rounded: scaleRadius() }],
  /**
   * Border Radius End
   * @see https://tailwindcss.com/docs/border-radius
   */
  'rounded-e': [{ 'rounded-e': scaleRadius() }],
  /**
   * Border Width
   * @see https://tailwindcss.com/docs/border-width
   */
  'border-w': [{ border: scaleBorderWidth() }],
  /**
   * Border Width Inline Start
   * @see https://tailwindcss.com/docs/border-width
   */
  'border-w-s': [{ 'border-s': scaleBorderWidth() }],
  /**
   * Border Width Inline End
   * @see https://tailwindcss.com/docs/border-width
   */
  'border-w-e': [{ 'border-e': scaleBorderWidth() }],
  /**
   * Border Width Top
   * @see https://tailwindcss.com/docs/border-width
   */
  'border-w-t': [{ 'border-t': scaleBorderWidth() }],
  /**
   * Border Width Bottom
   * @see https://tailwindcss.com/docs/border-width
   */
  'border-w-b': [{ 'border-b': scaleBorderWidth() }],
  /**
   * Border Width Left
   * @see https://tailwindcss.com/docs/border-width
   */
  'border-w-l': [{ 'border-l': scaleBorderWidth() }],
  /**
   * Divide Width Y
   * @see https://tailwindcss.com/docs/border-width#between-children
   */
  'divide-y': [{ 'divide-y': scaleBorderWidth() }],
  /**
   * Border Style
   * @see https://tailwindcss.com/docs/border-style
   */
  'border-style': [{ border: [...scaleLineStyle(), 'hidden', 'none'] }],
  /**
   * Border Color
   * @see https://tailwindcss.com/docs/border-color
   */
  'border-color': [{ border: scaleColor() }],
  /**
   * Outline Style
   * @see https://tailwindcss.com/docs/outline-style
   */
  'outline-style': [{ outline: [...scaleLineStyle(), 'none', 'hidden'] }],
  /**
   * Outline Width
   * @see https://tailwindcss.com/docs/outline-width
   */
  'outline-w': [{ outline: ['', isNumber, isArbitraryVariableLength, isArbitraryLength] }],
  // ---------------
  // --- Effects ---
  // ---------------

  /**
   * Box Shadow
   * @see https://tailwindcss.com/docs/box-shadow
   */
  shadow: [
    {
      shadow: [
        // Deprecated since Tailwind CSS v4.0.0
        '',
        // Deprecated since Tailwind CSS v4.0.0
        'inner',
        'none',
        themeShadow,
        isArbitraryVariableShadow,
        isArbitraryShadow,
      ],
    },
  ],
  /**
   * Ring Width
   * @see https://tailwindcss.com/docs/box-shadow#adding-a-ring
   */
  'ring-w': [{ ring: scaleBorderWidth() }],
  /**
   * Ring Width Inset
   * @see https://v3.tailwindcss.com/docs/ring-width#inset-rings
   * @deprecated since Tailwind CSS v4.0.0
   * @see https://github.com/tailwindlabs/tailwindcss/blob/v4.0.0/packages/tailwindcss/src/utilities.ts#L4158
   */
  'ring-w-inset': ['ring-inset'],
  /**
   * Ring Color
   * @see https://tailwindcss.com/docs/box-shadow#setting-the-ring-color
   */
  'ring-color': [{ ring: scaleColor() }],
  /**
   * Ring Offset Width
   * @see https://v3.tailwindcss.com/docs/ring-offset-width
   * @deprecated since Tailwind CSS v4.0.0
   * @see https://github.com/tailwindlabs/tailwindcss/blob/v4.0.0/packages/tailwindcss/src/utilities.ts#L4158
   */
  'ring-offset-w': [{ 'ring-offset': [isNumber, isArbitraryLength] }],
  /**
   * Ring Offset Color
   * @see https://v3.tailwindcss.com/docs/ring-offset-color
   * @deprecated since Tailwind CSS v4.0.0
   * @see https://github.com/tailwindlabs/tailwindcss/blob/v4.0.0/packages/tailwindcss/src/utilities.ts#L4158
   */
  'ring-offset-color': [{ 'ring-offset': scaleColor() }],
  /**
   * Opacity
   * @see https://tailwindcss.com/docs/opacity
   */
  opacity: [{ opacity: [isNumber, isArbitraryVariable, isArbitraryValue] }],
  // ---------------
  // --- Filters ---
  // ---------------

  /**
   * Filter
   * @see https://tailwindcss.com/docs/filter
   */
  filter: [
    {
      filter: [
        // Deprecated since Tailwind CSS v3.0.0
        '',
        'none',
        isArbitraryVariable,
        isArbitraryValue,
      ],
    },
  ],
  /**
   * Blur
   * @see https://tailwindcss.com/docs/blur
   */
  blur: [{ blur: scaleBlur() }],
  /**
   * Backdrop Blur
   * @see https://tailwindcss.com/docs/backdrop-blur
   */
  'backdrop-blur': [{ 'backdrop-blur': scaleBlur() }],
  // ---------------------------------
  // --- Transitions and Animation ---
  // ---------------------------------

  /**
   * Transition Property
   * @see https://tailwindcss.com/docs/transition-property
   */
  transition: [
    {
      transition: ['', 'all', 'colors', 'opacity', 'shadow', 'transform', 'none', isArbitraryVariable, isArbitraryValue],
    },
  ],
  /**
   * Transition Duration
   * @see https://tailwindcss.com/docs/transition-duration
   */
  duration: [{ duration: [isNumber, 'initial', isArbitraryVariable, isArbitraryValue] }],
  /**
   * Animation
   * @see https://tailwindcss.com/docs/animation
   */
  animate: [{ animate: ['none', themeAnimate, isArbitraryVariable, isArbitraryValue] }],
  /**
   * Rotate
   * @see https://tailwindcss.com/docs/rotate
   */
  rotate: [{ rotate: scaleRotate() }],
  /**
   * Scale
   * @see https://tailwindcss.com/docs/scale
   */
  scale: [{ scale: scaleScale() }],
  /**
   * Scale X
   * @see https://tailwindcss.com/docs/scale
   */
  'scale-x': [{ 'scale-x': scaleScale() }],
  /**
   * Transform Origin
   * @see https://tailwindcss.com/docs/transform-origin
   */
  'transform-origin': [{ origin: scalePositionWithArbitrary() }],
  /**
   * Translate X
   * @see https://tailwindcss.com/docs/translate
   */
  'translate-x': [{ 'translate-x': scaleTranslate() }],
  /**
   * Translate Y
   * @see https://tailwindcss.com/docs/translate
   */
  'translate-y': [{ 'translate-y': scaleTranslate() }],
  /**
   * Cursor
   * @see https://tailwindcss.com/docs/cursor
   */
  cursor: [
    {
      cursor: [
        'auto',
        'default',
        'pointer',
        'wait',
        'text',
        'move',
        'help',
        'not-allowed',
        'none',
        'context-menu',
        'progress',
        'cell',
        'crosshair',
        'vertical-text',
        'alias',
        'copy',
        'no-drop',
        'grab',
        'grabbing',
        'all-scroll',
        'col-resize',
        'row-resize',
        'n-resize',
        'e-resize',
        's-resize',
        'w-resize',
        'ne-resize',
        'nw-resize',
        'se-resize',
        'sw-resize',
        'ew-resize',
        'ns-resize',
        'nesw-resize',
        'nwse-resize',
        'zoom-in',
        'zoom-out',
        isArbitraryVariable,
        isArbitraryValue,
      ],
    },
  ],
  /**
   * Pointer Events
   * @see https://tailwindcss.com/docs/pointer-events
   */
  'pointer-events': [{ 'pointer-events': ['auto', 'none'] }],
  /**
   * Resize
   * @see https://tailwindcss.com/docs/resize
   */
  resize: [{ resize: ['none', '', 'y', 'x'] }],
  /**
   * Scroll Margin Top
   * @see https://tailwindcss.com/docs/scroll-margin
   */
  'scroll-mt': [{ 'scroll-mt': scaleUnambiguousSpacing() }],
  /**
   * Touch Action
   * @see https://tailwindcss.com/docs/touch-action
   */
  touch: [{ touch: ['auto', 'none', 'manipulation'] }],
  /**
   * Touch Action Y
   * @see https://tailwindcss.com/docs/touch-action
   */
  'touch-y': [{ 'touch-pan': ['y', 'up', 'down'] }],
  /**
   * User Select
   * @see https://tailwindcss.com/docs/user-select
   */
  select: [{ select: ['none', 'text', 'all', 'auto'] }],
  /**
   * Will Change
   * @see https://tailwindcss.com/docs/will-change
   */
  'will-change': [
    {
      'will-change': ['auto', 'scroll', 'contents', 'transform', isArbitraryVariable, isArbitraryValue],
    },
  ],
  // -----------
  // --- SVG ---
  // -----------

  /**
   * Fill
   * @see https://tailwindcss.com/docs/fill
   */
  fill: [{ fill: ['none', ...scaleColor()] }],
} as const satisfies Partial<Record<DefaultClassGroupIds, ClassGroup>>;

type GroupId = keyof typeof classGroups;

export const mergeClasses = createTailwindMerge(
  () =>
    ({
      cacheSize: 500,
      theme,
      classGroups,
      // the default config's conflicts, narrowed to the groups above
      conflictingClassGroups: {
        overflow: ['overflow-x', 'overflow-y'],
        inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
        'inset-x': ['start', 'end', 'right', 'left'],
        'inset-y': ['top', 'bottom'],
        flex: ['basis', 'shrink'],
        gap: ['gap-x', 'gap-y'],
        p: ['px', 'py', 'ps', 'pe', 'pt', 'pb', 'pl'],
        px: ['ps', 'pe', 'pl'],
        py: ['pt', 'pb'],
        mx: ['ms', 'me', 'mr', 'ml'],
        my: ['mt', 'mb'],
        size: ['w', 'h'],
        'font-size': ['leading'],
        'line-clamp': ['display', 'overflow'],
        rounded: ['rounded-e'],
        'border-w': ['border-w-s', 'border-w-e', 'border-w-t', 'border-w-b', 'border-w-l'],
        touch: ['touch-y'],
        'touch-y': ['touch'],
      },
      conflictingClassGroupModifiers: {
        'font-size': ['leading'],
      },
      orderSensitiveModifiers: [
        '*',
        '**',
        'after',
        'backdrop',
        'before',
        'details-content',
        'file',
        'first-letter',
        'first-line',
        'marker',
        'placeholder',
        'selection',
      ],
    }) satisfies Config<GroupId, keyof typeof theme>,
);
