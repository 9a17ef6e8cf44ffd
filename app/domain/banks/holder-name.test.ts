import { describe, expect, it } from "vitest";
import { holderNameMatches, isSamePersonName, nameWords } from "./holder-name";

describe("isSamePersonName", () => {
  it.each([
    ["OKAFOR CHINEDU", "Chinedu Okafor", "order and case"],
    ["OKAFOR CHINEDU JOHN", "Chinedu Okafor", "a middle name the member left out"],
    ["OKAFOR CHINEDU", "Chinedu John Okafor", "a middle name the bank left out"],
    ["OKAFOR C.", "Chinedu Okafor", "an initial at the bank"],
    ["OKAFOR CHINEDU J", "C. John Okafor", "initials on both sides"],
    ["ADÉBÁYỌ̀ OLUWASEUN", "Adebayo Oluwaseun", "accents"],
    ["OLUWASEUN ADEBAYOO", "Oluwaseun Adebayo", "one typo in a long word"],
    ["MRS NGOZI EZE", "Ngozi Eze", "a title"],
    ["BELLO-ADAMU FATIMA", "Fatima Bello Adamu", "a hyphenated surname"],
    ["EMEKA", "emeka", "one word each"],
    ["MUHAMMAD ABUBAKAR", "Mohammed Abubakar", "a spelling of Muhammad"],
    ["MOHD SANI BELLO", "Muhammad Sani Bello", "Mohd for Muhammad"],
    ["ADEBAYOOKE FUNMILAYO", "Funmilayo Adebayo-Oke", "a hyphenated surname written as one word"],
    ["OKAFOR CHINEDU JOHN PAUL", "Chinedu Okafor", "two middle names at the bank"],
  ])("%s is %s (%s)", (bank, own) => {
    expect(isSamePersonName(bank, own)).toBe(true);
  });

  it.each([
    ["OKAFOR EMEKA", "Chinedu Okafor", "another first name"],
    ["OKAFOR", "Chinedu Okafor", "a surname alone"],
    ["CHINEDU", "Chinedu Okafor", "a first name alone"],
    ["CHINEDU JOHN PETER", "Chinedu Okafor", "the surname missing, two names more"],
    ["OKAFOR CHINEDU", "Chinedu John Peter Okafor", "two of the member's names missing at the bank"],
    ["C O", "Chinedu Okafor", "initials only"],
    ["MUSA IBRAHIM", "Chinedu Okafor", "someone else"],
    ["EZE NGOZI", "Ngozi Ezeh Obi", "a short word misspelt and no middle"],
    ["", "Chinedu Okafor", "no name"],
    ["MR", "Mr", "titles only"],
  ])("%s is not %s (%s)", (bank, own) => {
    expect(isSamePersonName(bank, own)).toBe(false);
  });
});

describe("holderNameMatches", () => {
  it("an advertiser's account carries the business name or the contact's", () => {
    expect(holderNameMatches("ACME VENTURES NIG LTD", ["Acme Ventures Limited", "Bola Ade"])).toBe(true);
    expect(holderNameMatches("ADE BOLA", ["Acme Ventures Limited", "Bola Ade"])).toBe(true);
    expect(holderNameMatches("ZENITH FOODS LTD", ["Acme Ventures Limited", "Bola Ade"])).toBe(false);
  });

  it("drops titles and legal forms but keeps the words that name someone", () => {
    expect(nameWords("Chief (Dr.) Emeka  Okafor & Co. Ltd")).toEqual(["emeka", "okafor"]);
  });
});
