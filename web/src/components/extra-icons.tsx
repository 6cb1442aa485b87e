import { stroke } from './icons';

/**
 * More line icons in the style of icons.tsx (24px grid, current colour,
 * decorative): the ones catalogue pages need.
 */

export const MoreIcon = /* @__PURE__ */ stroke(
  <>
    <circle cx="5" cy="12" r="1.2" />
    <circle cx="12" cy="12" r="1.2" />
    <circle cx="19" cy="12" r="1.2" />
  </>,
);
export const VoteUpIcon = /* @__PURE__ */ stroke(<path d="M12 5l6 7h-4v7h-4v-7H6z" />);
export const VoteDownIcon = /* @__PURE__ */ stroke(<path d="M12 19l-6-7h4V5h4v7h4z" />);
export const EyeOffIcon = /* @__PURE__ */ stroke(
  <>
    <path d="M3 3l18 18" />
    <path d="M10.6 5.1A10 10 0 0 1 12 5c5 0 8.6 4.2 9.6 6.4a1.5 1.5 0 0 1 0 1.2 14 14 0 0 1-2.5 3.5" />
    <path d="M6.6 6.6A14 14 0 0 0 2.4 11.4a1.5 1.5 0 0 0 0 1.2C3.4 14.8 7 19 12 19a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </>,
);
export const StarIcon = /* @__PURE__ */ stroke(
  <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />,
);
export const EditIcon = /* @__PURE__ */ stroke(
  <>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </>,
);
export const HistoryIcon = /* @__PURE__ */ stroke(
  <>
    <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
    <path d="M3 4v4h4" />
    <path d="M12 8v4l3 2" />
  </>,
);
