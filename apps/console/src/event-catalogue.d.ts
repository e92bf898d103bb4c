/** Built from the contract by vite.config.ts (eventCatalogue). */
declare module 'virtual:event-catalogue' {
  const catalogue: import('@textline/contract').TCustomerEventCatalogueEntry[];
  export default catalogue;
}
