/**
 * An order or case number as a user types it (letters, then digits): the header search looks
 * it up as a number (server) and offers the orders page filtered by it (console). Light, so
 * the console's client module can carry it.
 */
export const ORDER_NUMBER_TYPED = /^[A-Za-z]{0,4}\d{6,30}$/;
