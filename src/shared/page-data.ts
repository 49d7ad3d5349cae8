/**
 * The id of the `<script type="application/json">` element in which the server hands the signed-in user to
 * the web app with the page's HTML (decision 035), so the first render needs no GET /api/user.
 */
export const SERVER_USER_ELEMENT_ID = 'heirloom-user';
